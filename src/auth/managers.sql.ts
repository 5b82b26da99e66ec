/**
 * The account of every manager API request: every column of the manager :accountId (no row when there
 * is none), read in the same statement as the request's key (`keyWithAccountSql`).
 */
export const MANAGER_ACCOUNT_SELECT = `SELECT id, email, name, role, created_at AS "createdAt", updated_at AS "updatedAt"
  FROM managers WHERE id = :accountId`;
