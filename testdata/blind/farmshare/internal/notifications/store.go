// Package notifications sends member-facing email and SMS: welcome mail,
// dunning notices and the weekly newsletter.
package notifications

import (
	"context"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// Recipient is a member's contact details.
type Recipient struct {
	MemberID string  `db:"id"`
	Name     string  `db:"full_name"`
	Email    string  `db:"email"`
	Phone    *string `db:"phone"`
}

// Issue is one weekly newsletter.
type Issue struct {
	ID          string     `db:"id"`
	WeekStart   time.Time  `db:"week_start"`
	Subject     string     `db:"subject"`
	BodyHTML    string     `db:"body_html"`
	ScheduledAt time.Time  `db:"scheduled_at"`
	CompletedAt *time.Time `db:"completed_at"`
}

// Store holds notification queries.
type Store struct{}

// Recipient loads a member's contact details.
func (Store) Recipient(ctx context.Context, q database.Queryer, memberID string) (*Recipient, error) {
	var r Recipient
	if err := q.GetContext(ctx, &r, `SELECT id, full_name, email, phone FROM members WHERE id = $1`, memberID); err != nil {
		return nil, database.NotFound(err)
	}
	return &r, nil
}

// LogSent records a sent notification; repeats are ignored.
func (Store) LogSent(ctx context.Context, q database.Queryer, recipient, kind, ref, channel, providerID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO notification_log (id, recipient_id, kind, ref, channel, provider_message_id)
		VALUES ($1, $2, $3, $4, $5, NULLIF($6, ''))
		ON CONFLICT (kind, ref, channel) DO NOTHING`, ids.New(), recipient, kind, ref, channel, providerID)
	return err
}

// RecordDunning records a dunning notice.
func (Store) RecordDunning(ctx context.Context, q database.Queryer, invoiceID string, attempt int, channel, messageID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO dunning_notices (invoice_id, attempt, channel, message_id) VALUES ($1, $2, $3, $4)
		ON CONFLICT (invoice_id, attempt, channel) DO NOTHING`, invoiceID, attempt, channel, messageID)
	return err
}

// DueIssue returns the newsletter scheduled by now that is not finished.
func (Store) DueIssue(ctx context.Context, q database.Queryer, now time.Time) (*Issue, error) {
	var is Issue
	err := q.GetContext(ctx, &is, `
		SELECT * FROM newsletter_issues
		WHERE scheduled_at <= $1 AND completed_at IS NULL
		ORDER BY scheduled_at LIMIT 1`, now)
	if err != nil {
		return nil, database.NotFound(err)
	}
	return &is, nil
}

// PendingRecipients lists opted-in members with an active subscription who
// have not been sent the issue.
func (Store) PendingRecipients(ctx context.Context, q database.Queryer, issueID string, limit int) ([]Recipient, error) {
	var out []Recipient
	err := q.SelectContext(ctx, &out, `
		SELECT m.id, m.full_name, m.email, m.phone
		FROM members m
		WHERE m.newsletter_opt_in
		  AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = m.id AND s.status = 'active')
		  AND NOT EXISTS (SELECT 1 FROM newsletter_sends ns WHERE ns.issue_id = $1 AND ns.member_id = m.id)
		ORDER BY m.id
		LIMIT $2`, issueID, limit)
	return out, err
}

// RecordSend records that a member was sent an issue.
func (Store) RecordSend(ctx context.Context, q database.Queryer, issueID, memberID, messageID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO newsletter_sends (issue_id, member_id, message_id) VALUES ($1, $2, $3)
		ON CONFLICT (issue_id, member_id) DO NOTHING`, issueID, memberID, messageID)
	return err
}

// CompleteIssue marks an issue fully sent.
func (Store) CompleteIssue(ctx context.Context, q database.Queryer, issueID string) error {
	_, err := q.ExecContext(ctx, `UPDATE newsletter_issues SET completed_at = now() WHERE id = $1 AND completed_at IS NULL`, issueID)
	return err
}
