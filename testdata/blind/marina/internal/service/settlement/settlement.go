// Package settlement collects the day's revenue lines and exports them
// nightly to the accounting system as one journal batch.
package settlement

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/events"
	"github.com/harbourline/marina/internal/providers/accounting"
	"github.com/harbourline/marina/internal/storage"
)

// Ledger is the accounting system's journal API.
type Ledger interface {
	PostJournalBatch(ctx context.Context, batch accounting.JournalBatch, idempotencyKey string) (*accounting.BatchReceipt, error)
}

type Service struct {
	store    storage.Store
	ledger   Ledger
	currency string
	loc      *time.Location
	log      *zap.Logger
}

func NewService(store storage.Store, ledger Ledger, cfg *config.Config, log *zap.Logger) *Service {
	return &Service{store: store, ledger: ledger, currency: cfg.Currency, loc: cfg.Location(), log: log.Named("settlement")}
}

var fuelAccounts = map[string]string{
	"diesel":     "4400-FUEL-DIESEL",
	"red_diesel": "4401-FUEL-RED-DIESEL",
	"petrol":     "4402-FUEL-PETROL",
}

// businessDate maps a timestamp to the marina's trading day.
func (s *Service) businessDate(t time.Time) time.Time {
	y, m, d := t.In(s.loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// RecordFuelSale adds a completed fuel sale to the day's settlement.
func (s *Service) RecordFuelSale(ctx context.Context, ev events.FuelSaleCompleted) error {
	account, ok := fuelAccounts[ev.Product]
	if !ok {
		return fmt.Errorf("no revenue account for product %q", ev.Product)
	}
	return s.store.Repos().Settlement.InsertLine(ctx, &domain.SettlementLine{
		BusinessDate: s.businessDate(ev.SoldAt),
		SourceType:   "fuel_sale",
		SourceID:     ev.SaleID,
		AccountCode:  account,
		AmountCents:  ev.AmountCents,
		Description:  fmt.Sprintf("Fuel %s ticket %d %.2f L", ev.PumpID, ev.TicketNo, ev.Litres),
	})
}

// RecordPowerSession adds billed shore power to the day's settlement.
func (s *Service) RecordPowerSession(ctx context.Context, ev events.PowerSessionBilled) error {
	if ev.AmountCents == 0 {
		return nil
	}
	_, err := s.store.Repos().Settlement.AddLine(ctx, &domain.SettlementLine{
		BusinessDate: s.businessDate(ev.ClosedAt),
		SourceType:   "power_session",
		SourceID:     ev.SessionID,
		AccountCode:  "4500-SHORE-POWER",
		AmountCents:  ev.AmountCents,
		Description:  fmt.Sprintf("Shore power %s %.3f kWh", ev.MeterID, ev.KWh),
	})
	return err
}

// ExportDay sends every unexported line up to and including day to the
// accounting system as the journal batch for that business day, and records
// the accounting system's batch reference.
func (s *Service) ExportDay(ctx context.Context, day time.Time) (*domain.SettlementBatch, error) {
	var batch *domain.SettlementBatch
	err := s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		b, err := tx.Settlement.OpenBatch(ctx, day)
		if err != nil {
			return err
		}
		batch = b
		if b.Status != "open" {
			return nil
		}
		count, total, err := tx.Settlement.AttachLines(ctx, b.ID, day)
		if err != nil {
			return err
		}
		batch.LineCount, batch.TotalCents, batch.Status = count, total, "ready"
		return nil
	})
	if err != nil {
		return nil, err
	}
	if batch.Status != "ready" {
		return batch, nil
	}

	repos := s.store.Repos()
	lines, err := repos.Settlement.BatchLines(ctx, batch.ID)
	if err != nil {
		return nil, err
	}
	journal := accounting.JournalBatch{
		BusinessDate: day.Format(time.DateOnly),
		Currency:     s.currency,
		Source:       "marina-platform",
		ControlTotal: batch.TotalCents,
	}
	for _, l := range lines {
		journal.Lines = append(journal.Lines, accounting.JournalLine{
			Account:     l.AccountCode,
			AmountMinor: l.AmountCents,
			Description: l.Description,
			Reference:   l.SourceType + ":" + l.SourceID,
		})
	}

	receipt, err := s.ledger.PostJournalBatch(ctx, journal, "settlement-"+batch.ID)
	if err != nil {
		return nil, fmt.Errorf("post journal batch %s: %w", batch.ID, err)
	}
	if err := repos.Settlement.MarkExported(ctx, batch.ID, receipt.BatchRef); err != nil {
		return nil, err
	}
	batch.Status, batch.ExternalRef = "exported", receipt.BatchRef
	return batch, nil
}

// Acknowledge records the accounting system's confirmation that a batch was
// booked.
func (s *Service) Acknowledge(ctx context.Context, ack accounting.Ack) error {
	const prefix = "settlement-"
	if len(ack.IdempotencyKey) <= len(prefix) || ack.IdempotencyKey[:len(prefix)] != prefix {
		return errors.New("acknowledgement for an unknown batch key")
	}
	batchID := ack.IdempotencyKey[len(prefix):]
	ok, err := s.store.Repos().Settlement.Acknowledge(ctx, batchID, ack.BatchRef, ack.BookedAt)
	if err != nil {
		return err
	}
	if !ok {
		s.log.Info("acknowledgement ignored", zap.String("batch_id", batchID), zap.String("status", ack.Status))
	}
	return nil
}

// Yesterday is the last complete business day.
func (s *Service) Yesterday() time.Time {
	return s.businessDate(time.Now()).AddDate(0, 0, -1)
}
