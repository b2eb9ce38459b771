package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
)

// NotificationRepo records which driver notifications have been sent.
type NotificationRepo interface {
	// Claim reserves dedupKey and reports whether the caller now owns it.
	Claim(ctx context.Context, dedupKey string, driverID uuid.UUID, category string) (bool, error)
	// MarkWeeklySummarySent records that the weekly summary went out.
	MarkWeeklySummarySent(ctx context.Context, driverID uuid.UUID, week string, totalCents int64) error
}

type notificationRepo struct {
	q *db.Queries
}

// NewNotificationRepo returns a NotificationRepo over the pool.
func NewNotificationRepo(sqldb *sql.DB) NotificationRepo {
	return &notificationRepo{q: db.New(sqldb)}
}

func (r *notificationRepo) Claim(ctx context.Context, dedupKey string, driverID uuid.UUID, category string) (bool, error) {
	n, err := r.q.ClaimNotification(ctx, db.ClaimNotificationParams{DedupKey: dedupKey, DriverID: driverID, Category: category})
	if err != nil {
		return false, fmt.Errorf("claim notification %s: %w", dedupKey, err)
	}
	return n == 1, nil
}

func (r *notificationRepo) MarkWeeklySummarySent(ctx context.Context, driverID uuid.UUID, week string, totalCents int64) error {
	_, err := r.q.InsertWeeklySummary(ctx, db.InsertWeeklySummaryParams{DriverID: driverID, Week: week, TotalCents: totalCents})
	return err
}
