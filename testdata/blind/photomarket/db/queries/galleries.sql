-- name: GetGallery :one
SELECT * FROM galleries WHERE id = $1;

-- name: GetOpenGallery :one
SELECT * FROM galleries WHERE id = $1 AND status IN ('uploading', 'processing', 'ready');

-- name: InsertPhoto :one
INSERT INTO photos (id, gallery_id, s3_bucket, s3_key, size_bytes, etag)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: CreateGallery :exec
INSERT INTO galleries (id, booking_id, photographer_id, title)
VALUES ($1, $2, $3, $4);

-- name: SetGalleryExpectedCount :exec
UPDATE galleries SET expected_count = $2 WHERE id = $1;

-- name: GetPhoto :one
SELECT * FROM photos WHERE id = $1;

-- name: MarkPhotoProcessed :exec
UPDATE photos SET status = 'processed' WHERE id = $1;

-- name: AddGalleryUploads :one
UPDATE galleries
SET uploaded_count = uploaded_count + $2
WHERE id = $1
RETURNING *;

-- name: InsertUploadBatch :execrows
INSERT INTO upload_batches (batch_id, gallery_id, photo_count)
VALUES ($1, $2, $3)
ON CONFLICT (batch_id) DO NOTHING;

-- name: MarkGalleryProcessing :execrows
UPDATE galleries SET status = 'processing'
WHERE id = $1 AND status = 'uploading';

-- name: MarkGalleryReady :execrows
UPDATE galleries SET status = 'ready'
WHERE id = $1 AND status = 'processing'
  AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.gallery_id = $1 AND p.status <> 'processed');

-- name: MarkGalleryDelivered :execrows
UPDATE galleries SET status = 'delivered', delivered_at = now()
WHERE id = $1 AND status = 'ready';

-- name: InsertDerivative :execrows
INSERT INTO derivatives (id, photo_id, variant, s3_key, width, height, size_bytes)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (photo_id, variant) DO NOTHING;
