package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const insertNotification = `-- name: InsertNotification :one
INSERT INTO notifications (id, attorney_id, channel, template, recipient, subject, body, docket_entry_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING id`

type InsertNotificationParams struct {
	ID            uuid.UUID
	AttorneyID    uuid.UUID
	Channel       string
	Template      string
	Recipient     string
	Subject       string
	Body          string
	DocketEntryID *uuid.UUID
}

func (q *Queries) InsertNotification(ctx context.Context, arg InsertNotificationParams) (uuid.UUID, error) {
	var id uuid.UUID
	err := q.db.QueryRow(ctx, insertNotification, arg.ID, arg.AttorneyID, arg.Channel, arg.Template,
		arg.Recipient, arg.Subject, arg.Body, arg.DocketEntryID).Scan(&id)
	return id, err
}

const getNotification = `-- name: GetNotification :one
SELECT id, attorney_id, channel, template, recipient, subject, body, docket_entry_id, status,
	provider_message_id, sent_at, created_at
FROM notifications WHERE id = $1`

func (q *Queries) GetNotification(ctx context.Context, id uuid.UUID) (Notification, error) {
	var n Notification
	err := q.db.QueryRow(ctx, getNotification, id).Scan(&n.ID, &n.AttorneyID, &n.Channel, &n.Template,
		&n.Recipient, &n.Subject, &n.Body, &n.DocketEntryID, &n.Status, &n.ProviderMessageID,
		&n.SentAt, &n.CreatedAt)
	return n, err
}

const markNotificationSent = `-- name: MarkNotificationSent :exec
UPDATE notifications SET status = 'sent', provider_message_id = $2, sent_at = now() WHERE id = $1`

func (q *Queries) MarkNotificationSent(ctx context.Context, id uuid.UUID, providerMessageID string) error {
	_, err := q.db.Exec(ctx, markNotificationSent, id, providerMessageID)
	return err
}

const markNotificationFailed = `-- name: MarkNotificationFailed :exec
UPDATE notifications SET status = 'failed' WHERE id = $1 AND status = 'queued'`

func (q *Queries) MarkNotificationFailed(ctx context.Context, id uuid.UUID) error {
	_, err := q.db.Exec(ctx, markNotificationFailed, id)
	return err
}

const insertDocketEntry = `-- name: InsertDocketEntry :one
INSERT INTO docket_entries (id, court_code, case_number, sequence, description, entered_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (court_code, case_number, sequence) DO NOTHING
RETURNING id`

type InsertDocketEntryParams struct {
	ID          uuid.UUID
	CourtCode   string
	CaseNumber  string
	Sequence    int32
	Description string
	EnteredAt   time.Time
}

// InsertDocketEntry returns ok=false when the entry is already on file.
func (q *Queries) InsertDocketEntry(ctx context.Context, arg InsertDocketEntryParams) (uuid.UUID, bool, error) {
	var id uuid.UUID
	err := q.db.QueryRow(ctx, insertDocketEntry, arg.ID, arg.CourtCode, arg.CaseNumber, arg.Sequence,
		arg.Description, arg.EnteredAt).Scan(&id)
	if err == pgx.ErrNoRows {
		return uuid.Nil, false, nil
	}
	if err != nil {
		return uuid.Nil, false, err
	}
	return id, true, nil
}

const getDocketEntry = `-- name: GetDocketEntry :one
SELECT id, court_code, case_number, sequence, description, entered_at, created_at
FROM docket_entries WHERE id = $1`

func (q *Queries) GetDocketEntry(ctx context.Context, id uuid.UUID) (DocketEntry, error) {
	var e DocketEntry
	err := q.db.QueryRow(ctx, getDocketEntry, id).Scan(&e.ID, &e.CourtCode, &e.CaseNumber, &e.Sequence,
		&e.Description, &e.EnteredAt, &e.CreatedAt)
	return e, err
}

// Subscriber is an attorney watching a case on one channel.
type Subscriber struct {
	AttorneyID uuid.UUID
	FullName   string
	Email      string
	Phone      *string
	Channel    string
	MatterID   uuid.UUID
	Title      string
}

const listSubscribersForCase = `-- name: ListSubscribersForCase :many
SELECT a.id, a.full_name, a.email, a.phone, s.channel, m.id, m.title
FROM docket_subscriptions s
JOIN matters m ON m.id = s.matter_id
JOIN attorneys a ON a.id = s.attorney_id
WHERE m.court_code = $1 AND m.case_number = $2
ORDER BY a.id, s.channel`

func (q *Queries) ListSubscribersForCase(ctx context.Context, courtCode, caseNumber string) ([]Subscriber, error) {
	rows, err := q.db.Query(ctx, listSubscribersForCase, courtCode, caseNumber)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Subscriber
	for rows.Next() {
		var s Subscriber
		if err := rows.Scan(&s.AttorneyID, &s.FullName, &s.Email, &s.Phone, &s.Channel, &s.MatterID, &s.Title); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

const gatewayCallbackSeen = `-- name: GatewayCallbackSeen :one
SELECT EXISTS (SELECT 1 FROM gateway_callbacks WHERE callback_id = $1)`

func (q *Queries) GatewayCallbackSeen(ctx context.Context, callbackID string) (bool, error) {
	var seen bool
	err := q.db.QueryRow(ctx, gatewayCallbackSeen, callbackID).Scan(&seen)
	return seen, err
}

const recordGatewayCallback = `-- name: RecordGatewayCallback :exec
INSERT INTO gateway_callbacks (callback_id, envelope_id, event_type) VALUES ($1, $2, $3)`

func (q *Queries) RecordGatewayCallback(ctx context.Context, callbackID, envelopeID, eventType string) error {
	_, err := q.db.Exec(ctx, recordGatewayCallback, callbackID, envelopeID, eventType)
	return err
}
