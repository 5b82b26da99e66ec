import { NamedSql } from '../database/named-sql';

/** What a DELETE of images returns. */
export interface DeletedImageRow {
  storageKey: string;
}

export const IMAGE_SQL = {
  /** Removes :vendorId's Google rank image (none or one). */
  deleteGoogleRank: new NamedSql<DeletedImageRow>(
    `DELETE FROM vendor_images WHERE vendor_id = :vendorId AND kind = 'GOOGLE_RANK' RETURNING storage_key AS "storageKey"`,
  ),

  /** Removes :vendorId's gallery image :imageId, if it is one. */
  deleteFromGallery: new NamedSql<DeletedImageRow>(
    `DELETE FROM vendor_images WHERE id = :imageId AND vendor_id = :vendorId AND kind = 'GALLERY' RETURNING storage_key AS "storageKey"`,
  ),

  /** Stores the file :key in one statement: a reader sees the old bytes or the new, never part of them. */
  putFile: new NamedSql(`
    INSERT INTO image_files (key, data, size) VALUES (:key, :data, :size)
    ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, size = EXCLUDED.size`),

  getFile: new NamedSql<{ data: Buffer }>(`SELECT data FROM image_files WHERE key = :key`),

  deleteFile: new NamedSql(`DELETE FROM image_files WHERE key = :key`),
};
