// Package notify sends customer-facing notifications: low-balance texts and
// trip receipts.
package notify

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/providers/mailer"
	"github.com/northgate/tolls/internal/storage/repo"
)

// LowBalance is queued when a prepaid balance falls below its threshold on
// an account without auto top-up.
type LowBalance struct {
	AccountID    string    `json:"account_id"`
	BalanceCents int64     `json:"balance_cents"`
	ObservedAt   time.Time `json:"observed_at"`
}

// ChargedTrip is the part of a trips-charged record used for receipts.
type ChargedTrip struct {
	TripID      string    `json:"trip_id"`
	AccountID   string    `json:"account_id"`
	AmountCents int64     `json:"amount_cents"`
	EntryPlaza  string    `json:"entry_plaza"`
	ExitPlaza   string    `json:"exit_plaza"`
	ChargedAt   time.Time `json:"charged_at"`
}

// Service sends notifications.
type Service struct {
	accounts repo.AccountRepository
	trips    repo.TripRepository
	alerts   repo.AlertRepository
	pub      events.Publisher
	cfg      *config.Config
	log      *zap.Logger
	tz       *time.Location
}

// New wires the notification service.
func New(accounts repo.AccountRepository, trips repo.TripRepository, alerts repo.AlertRepository,
	pub events.Publisher, cfg *config.Config, log *zap.Logger) *Service {
	tz, err := time.LoadLocation("America/New_York")
	if err != nil {
		tz = time.UTC
	}
	return &Service{accounts: accounts, trips: trips, alerts: alerts, pub: pub, cfg: cfg, log: log.Named("notify"), tz: tz}
}

// SendLowBalance texts the customer once per local day while the balance is
// below threshold.
func (s *Service) SendLowBalance(ctx context.Context, m LowBalance) error {
	acct, err := s.accounts.Get(ctx, m.AccountID)
	if err != nil {
		return err
	}
	if !acct.SmsAlerts || acct.Phone == "" || acct.Status != domain.AccountActive {
		return nil
	}
	if acct.BalanceCents >= acct.AutoTopUpThreshold {
		return nil
	}
	local := time.Now().In(s.tz)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	sent, err := s.alerts.SentOn(ctx, acct.ID, day)
	if err != nil || sent {
		return err
	}

	text := fmt.Sprintf("Northgate Tolls: your prepaid balance is %s. Top up at northgatetolls.example/pay to avoid violation fees. Reply STOP to opt out.",
		mailer.FormatCents(acct.BalanceCents))
	msgID, err := s.pub.SendSMS(ctx, acct.Phone, text)
	if err != nil {
		return err
	}
	return s.alerts.Record(ctx, &domain.LowBalanceAlert{
		AccountID: acct.ID,
		AlertDate: day,
		Channel:   "sms",
		MessageID: msgID,
		SentAt:    time.Now().UTC(),
	})
}

// SendReceipt publishes a trip receipt to the account-activity topic, which
// the e-mail receipt service and the mobile push service subscribe to.
func (s *Service) SendReceipt(ctx context.Context, c ChargedTrip) error {
	trip, err := s.trips.Get(ctx, c.TripID)
	if err != nil {
		return err
	}
	if trip.ReceiptSentAt != nil || trip.Status != domain.TripCharged {
		return nil
	}
	if _, err := s.pub.Publish(ctx, s.cfg.Topics.AccountActivity, events.Event{
		Type:       "trip.receipt",
		AccountID:  trip.AccountID,
		OccurredAt: c.ChargedAt,
		Data: map[string]any{
			"trip_id":      trip.ID,
			"entry_plaza":  trip.EntryPlaza,
			"exit_plaza":   trip.ExitPlaza,
			"amount_cents": trip.AmountCents,
		},
	}); err != nil {
		return fmt.Errorf("receipt for trip %s: %w", trip.ID, err)
	}
	return s.trips.MarkReceiptSent(ctx, trip.ID, time.Now().UTC())
}
