package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/money"
	"github.com/pooltrack/vanpool/internal/provider/fuelcard"
)

// Fuel imports fuel card activity from the processor.
type Fuel interface {
	ImportSettlement(ctx context.Context, env fuelcard.WebhookEnvelope) (int, error)
	RecordAuthorization(ctx context.Context, eventID string, a fuelcard.Authorization) error
	RecordDecline(ctx context.Context, eventID string, d fuelcard.Decline) error
	RecordReversal(ctx context.Context, eventID string, r fuelcard.Reversal) error
	UpdateCardStatus(ctx context.Context, eventID string, cs fuelcard.CardStatus) error
}

// FuelAlerter is implemented by *notify.FuelAlerts.
type FuelAlerter interface {
	DeclineAlert(ctx context.Context, card *domain.FuelCard, d fuelcard.Decline) error
}

// FuelService implements Fuel.
type FuelService struct {
	pool          db.Querier
	tx            db.TxRunner
	fuel          FuelStore
	alerts        FuelAlerter
	alertsEnabled bool
	log           *slog.Logger
	newID         IDGen
}

// NewFuelService wires a FuelService.
func NewFuelService(cfg *config.Config, pool db.Querier, tx db.TxRunner, fuel FuelStore, alerts FuelAlerter, log *slog.Logger) *FuelService {
	return &FuelService{
		pool: pool, tx: tx, fuel: fuel, alerts: alerts, alertsEnabled: cfg.FuelCard.DeclineAlerts,
		log: log.With("service", "fuel"), newID: RandomIDs(),
	}
}

// ImportSettlement records a settlement.posted webhook: every settled
// transaction is stored once by the processor's transaction id and moved from
// pending to settled on the van's budget.
func (s *FuelService) ImportSettlement(ctx context.Context, env fuelcard.WebhookEnvelope) (int, error) {
	if env.Type != "settlement.posted" {
		s.log.Debug("ignoring fuel webhook", "type", env.Type, "id", env.ID)
		return 0, nil
	}
	var st fuelcard.SettlementPosted
	if err := json.Unmarshal(env.Data, &st); err != nil {
		return 0, fmt.Errorf("%w: settlement payload: %v", domain.ErrValidation, err)
	}
	imported := 0
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.fuel.RecordWebhookEvent(ctx, tx, env.ID, env.Type); err != nil {
			return err
		}
		for _, t := range st.Transactions {
			card, err := s.fuel.CardByToken(ctx, tx, t.CardToken)
			if errors.Is(err, db.ErrNotFound) {
				s.log.Warn("settled transaction on unknown card", "txn", t.TransactionID, "card", t.CardToken)
				continue
			}
			if err != nil {
				return err
			}
			inserted, err := s.fuel.InsertTransaction(ctx, tx, domain.FuelTransaction{
				ProcessorTxnID: t.TransactionID,
				CardToken:      t.CardToken,
				VanpoolID:      card.VanpoolID,
				SettlementID:   st.SettlementID,
				GallonsMilli:   t.GallonsMilli,
				AmountCents:    money.Cents(t.AmountCents),
				Odometer:       t.Odometer,
				MerchantName:   t.MerchantName,
				SettledAt:      t.SettledAt,
			})
			if err != nil {
				return err
			}
			if !inserted {
				continue
			}
			if err := s.fuel.AddSettled(ctx, tx, card.VanpoolID, money.PeriodOf(t.SettledAt), money.Cents(t.AmountCents)); err != nil {
				return err
			}
			imported++
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.log.Info("fuel settlement imported", "settlement", st.SettlementID, "transactions", imported)
	return imported, nil
}

// RecordAuthorization stores a real-time authorization and holds its amount
// against the van's budget as pending spend.
func (s *FuelService) RecordAuthorization(ctx context.Context, eventID string, a fuelcard.Authorization) error {
	card, err := s.fuel.CardByToken(ctx, s.pool, a.CardToken)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.fuel.InsertAuthorization(ctx, tx, domain.FuelAuthorization{
			ID:              s.newID(),
			ProcessorAuthID: a.AuthID,
			CardToken:       a.CardToken,
			VanpoolID:       card.VanpoolID,
			AmountCents:     money.Cents(a.AmountCents),
			MerchantName:    a.MerchantName,
			AuthorizedAt:    a.AuthorizedAt,
		}); err != nil {
			return err
		}
		return s.fuel.AdjustPending(ctx, tx, card.VanpoolID, money.PeriodOf(a.AuthorizedAt), money.Cents(a.AmountCents))
	})
}

// RecordDecline alerts the driver and keeps the decline for the fleet report.
func (s *FuelService) RecordDecline(ctx context.Context, eventID string, d fuelcard.Decline) error {
	card, err := s.fuel.CardByToken(ctx, s.pool, d.CardToken)
	if err != nil {
		return err
	}
	if s.alertsEnabled && card.Status == "active" {
		if err := s.alerts.DeclineAlert(ctx, card, d); err != nil {
			// The record below matters more than the text; don't lose it.
			s.log.Warn("decline alert failed", "event", eventID, "err", err)
		}
	}
	_, err = s.fuel.InsertDecline(ctx, s.pool, domain.FuelDecline{
		ProcessorEventID: eventID,
		CardToken:        d.CardToken,
		VanpoolID:        card.VanpoolID,
		AmountCents:      money.Cents(d.AmountCents),
		ReasonCode:       d.ReasonCode,
		DeclinedAt:       d.DeclinedAt,
	})
	return err
}

// RecordReversal releases a reversed authorization's pending hold, once.
func (s *FuelService) RecordReversal(ctx context.Context, eventID string, r fuelcard.Reversal) error {
	card, err := s.fuel.CardByToken(ctx, s.pool, r.CardToken)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		inserted, err := s.fuel.InsertReversal(ctx, tx, r.AuthID, card.VanpoolID, money.Cents(r.AmountCents), r.ReversedAt)
		if err != nil || !inserted {
			return err
		}
		return s.fuel.AdjustPending(ctx, tx, card.VanpoolID, money.PeriodOf(r.ReversedAt), -money.Cents(r.AmountCents))
	})
}

// UpdateCardStatus mirrors the processor's card status. Older or repeated
// events are ignored by comparing timestamps.
func (s *FuelService) UpdateCardStatus(ctx context.Context, eventID string, cs fuelcard.CardStatus) error {
	changed, err := s.fuel.UpdateCardStatus(ctx, s.pool, cs.CardToken, cs.Status, cs.ChangedAt)
	if err != nil {
		return err
	}
	if changed {
		s.log.Info("fuel card status changed", "card", cs.CardToken, "status", cs.Status, "event", eventID)
	}
	return nil
}

// DriverDirectory resolves a van's driver for notifications.
type DriverDirectory struct {
	pool     db.Querier
	members  MemberStore
	vanpools VanpoolStore
}

// NewDriverDirectory returns a DriverDirectory.
func NewDriverDirectory(pool db.Querier, members MemberStore, vanpools VanpoolStore) *DriverDirectory {
	return &DriverDirectory{pool: pool, members: members, vanpools: vanpools}
}

// DriverContact returns the card's assigned driver, falling back to the van's
// primary driver. It returns nil when neither is set.
func (d *DriverDirectory) DriverContact(ctx context.Context, vanpoolID uuid.UUID, cardDriver *uuid.UUID) (*domain.Recipient, error) {
	driverID := cardDriver
	if driverID == nil {
		van, err := d.vanpools.Get(ctx, d.pool, vanpoolID)
		if err != nil {
			return nil, err
		}
		driverID = van.DriverMemberID
	}
	if driverID == nil {
		return nil, nil
	}
	m, err := d.members.Get(ctx, d.pool, *driverID)
	if err != nil {
		return nil, err
	}
	return &domain.Recipient{MemberID: m.ID, FullName: m.FullName, PhoneE164: m.PhoneE164}, nil
}
