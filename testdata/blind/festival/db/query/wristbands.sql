-- name: RegisterWristband :one
INSERT INTO wristbands (uid, attendee_id, wallet_id)
VALUES ($1, $2, $3)
ON CONFLICT (uid) DO NOTHING
RETURNING *;

-- name: GetWristband :one
SELECT * FROM wristbands WHERE uid = $1;

-- name: ActivateWristband :one
UPDATE wristbands
SET status = 'active', activated_at = now()
WHERE uid = $1
  AND status = 'registered'
RETURNING *;

-- name: MarkWristbandReplaced :one
UPDATE wristbands
SET status = 'replaced', replaced_by = @new_uid
WHERE uid = @uid
  AND status IN ('active', 'lost')
RETURNING *;

-- name: InsertReplacementWristband :one
INSERT INTO wristbands (uid, attendee_id, wallet_id, status, activated_at)
VALUES ($1, $2, $3, 'active', now())
ON CONFLICT (uid) DO NOTHING
RETURNING *;
