// Package earnings credits driver earnings that do not come from a fare
// (quest incentives, tolls) and produces the periodic earnings summaries.
package earnings

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/notify"
	"github.com/wayfare/ridepay/internal/store"
)

// Publisher emits domain events on the bus.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload any, msgID string) error
}

// Service implements the earnings flows.
type Service struct {
	sqldb    *sql.DB
	q        *db.Queries
	notes    store.NotificationRepo
	notifier notify.Notifier
	pub      Publisher
	log      *slog.Logger
}

// NewService wires a Service.
func NewService(sqldb *sql.DB, notes store.NotificationRepo, notifier notify.Notifier, pub Publisher, log *slog.Logger) *Service {
	return &Service{
		sqldb:    sqldb,
		q:        db.New(sqldb),
		notes:    notes,
		notifier: notifier,
		pub:      pub,
		log:      log,
	}
}

// IncentiveEarned is the input of CreditIncentive.
type IncentiveEarned struct {
	DriverID    uuid.UUID
	QuestID     string
	Period      string
	Title       string
	AmountCents int64
	Currency    string
}

// CreditIncentive pays a quest bonus (e.g. "30 trips this week") into the
// driver's ledger and tells the driver.
func (s *Service) CreditIncentive(ctx context.Context, in IncentiveEarned) error {
	entry := ledger.Entry{
		ID:         ids.NewLedgerID(),
		DriverID:   in.DriverID,
		Kind:       ledger.KindIncentive,
		Amount:     in.AmountCents,
		Currency:   in.Currency,
		SourceType: "quest",
		SourceRef:  in.QuestID + "/" + in.Period,
		Memo:       in.Title,
	}
	err := store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		_, err := ledger.Post(ctx, q, entry)
		return err
	})
	if err != nil {
		return fmt.Errorf("credit incentive %s for %s: %w", in.QuestID, in.DriverID, err)
	}

	key := strings.Join([]string{"quest", in.QuestID, in.Period, in.DriverID.String()}, ":")
	if err := s.notifier.Once(ctx, key, in.DriverID, notify.Notice{
		Category: "incentive",
		Title:    "Bonus unlocked",
		Body:     fmt.Sprintf("%s: %s added to your earnings", in.Title, formatMoney(in.AmountCents, in.Currency)),
		Data:     map[string]string{"quest_id": in.QuestID},
	}); err != nil {
		s.log.WarnContext(ctx, "incentive notification failed", "driver_id", in.DriverID, "err", err)
	}
	return nil
}

// Toll is one toll charge reported for a trip.
type Toll struct {
	Ref         string
	Plaza       string
	AmountCents int64
}

// TollsReported is the input of RecordTolls.
type TollsReported struct {
	TripID   string
	DriverID uuid.UUID
	Currency string
	Tolls    []Toll
}

// RecordTolls reimburses tolls the driver paid during a trip.
func (s *Service) RecordTolls(ctx context.Context, in TollsReported) error {
	return store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		for _, t := range in.Tolls {
			if err := q.InsertToll(ctx, db.InsertTollParams{
				ID:          ids.Derive("toll", in.TripID, t.Ref),
				TripID:      in.TripID,
				TollRef:     t.Ref,
				DriverID:    in.DriverID,
				AmountCents: t.AmountCents,
				Currency:    in.Currency,
				Plaza:       t.Plaza,
			}); err != nil {
				return fmt.Errorf("insert toll %s/%s: %w", in.TripID, t.Ref, err)
			}
			entry, err := ledger.NewEntry(in.DriverID, ledger.KindToll).
				ID(ids.LedgerKey("toll", in.TripID, t.Ref)).
				Amount(t.AmountCents, in.Currency).
				Source("toll", in.TripID+"/"+t.Ref).
				Memo("Toll reimbursement: " + t.Plaza).
				Build()
			if err != nil {
				return err
			}
			if _, err := ledger.Post(ctx, q, entry); err != nil {
				return err
			}
		}
		return nil
	})
}

func formatMoney(cents int64, currency string) string {
	return fmt.Sprintf("%s %d.%02d", currency, cents/100, cents%100)
}
