// Package smsstatus applies SMS delivery receipts from the provider.
package smsstatus

import (
	"context"
	"time"

	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/store"
)

// Receipt is one delivery status callback.
type Receipt struct {
	MessageID  string
	Status     string
	ErrorCode  string
	ReportedAt time.Time
}

type Service interface {
	Apply(ctx context.Context, r Receipt) (bool, error)
}

type service struct {
	st *store.Store
}

func New(st *store.Store) Service {
	return &service{st: st}
}

// Apply stores the receipt once per (message, status) and updates the
// message's last known status. It reports whether the receipt was new.
func (s *service) Apply(ctx context.Context, r Receipt) (bool, error) {
	return store.InTx(ctx, s.st, func(q *db.Queries) (bool, error) {
		n, err := q.InsertSmsReceipt(ctx, db.InsertSmsReceiptParams{
			ProviderMessageID: r.MessageID,
			Status:            r.Status,
			ErrorCode:         pgconv.Text(r.ErrorCode),
			ReportedAt:        pgconv.Time(r.ReportedAt),
		})
		if err != nil || n == 0 {
			return false, err
		}
		return true, q.UpdateSmsMessageStatus(ctx, db.UpdateSmsMessageStatusParams{
			ProviderMessageID: r.MessageID,
			LastStatus:        r.Status,
		})
	})
}
