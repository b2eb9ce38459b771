// Package notify records outbound notifications and enqueues their delivery.
package notify

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/store/db"
)

// Channels.
const (
	Email = "email"
	SMS   = "sms"
)

// Draft is a notification before it has an id.
type Draft struct {
	AttorneyID    uuid.UUID
	Channel       string
	Template      string
	Recipient     string
	Subject       string
	Body          string
	DocketEntryID *uuid.UUID
}

// Queue writes notifications and their delivery jobs in the caller's
// transaction so a notification row never exists without a job.
type Queue struct {
	jobs jobs.Inserter
}

// NewQueue returns a Queue.
func NewQueue(j jobs.Inserter) *Queue { return &Queue{jobs: j} }

// Enqueue inserts the notification row and its send job on tx.
func (n *Queue) Enqueue(ctx context.Context, tx pgx.Tx, d Draft) (uuid.UUID, error) {
	id, err := db.New(tx).InsertNotification(ctx, db.InsertNotificationParams{
		ID:            uuid.New(),
		AttorneyID:    d.AttorneyID,
		Channel:       d.Channel,
		Template:      d.Template,
		Recipient:     d.Recipient,
		Subject:       d.Subject,
		Body:          d.Body,
		DocketEntryID: d.DocketEntryID,
	})
	if err != nil {
		return uuid.Nil, fmt.Errorf("notify: insert: %w", err)
	}
	switch d.Channel {
	case Email:
		_, err = n.jobs.InsertTx(ctx, tx, jobs.SendEmailArgs{NotificationID: id}, nil)
	case SMS:
		_, err = n.jobs.InsertTx(ctx, tx, jobs.SendSMSArgs{NotificationID: id}, nil)
	default:
		err = fmt.Errorf("unknown channel %q", d.Channel)
	}
	if err != nil {
		return uuid.Nil, fmt.Errorf("notify: enqueue: %w", err)
	}
	return id, nil
}

// ToAttorney builds an e-mail draft for an attorney.
func ToAttorney(a db.Attorney, template, subject, body string) Draft {
	return Draft{
		AttorneyID: a.ID,
		Channel:    Email,
		Template:   template,
		Recipient:  a.Email,
		Subject:    subject,
		Body:       body,
	}
}
