package notify

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// Draft is a notification to be stored and delivered asynchronously.
type Draft struct {
	PatientID uuid.UUID
	OrderID   uuid.UUID
	Template  string
	To        string
	Vars      map[string]any
}

// QueueTx stores d as a pending notification and enqueues its delivery in the
// same transaction, so the SMS goes out if and only if tx commits.
func QueueTx(ctx context.Context, q *db.Queries, tx pgx.Tx, jobs tasks.Inserter, d Draft) (uuid.UUID, error) {
	body, err := Render(d.Template, d.Vars)
	if err != nil {
		return uuid.Nil, err
	}
	id := uuid.New()
	if err := q.InsertNotification(ctx, db.InsertNotificationParams{
		ID:        id,
		PatientID: d.PatientID,
		OrderID:   store.NullUUID(d.OrderID),
		Template:  d.Template,
		ToPhone:   d.To,
		Body:      body,
		Status:    "pending",
	}); err != nil {
		return uuid.Nil, fmt.Errorf("insert notification: %w", err)
	}
	if _, err := jobs.InsertTx(ctx, tx, tasks.SendSMSArgs{NotificationID: id}, nil); err != nil {
		return uuid.Nil, fmt.Errorf("enqueue sms: %w", err)
	}
	return id, nil
}
