// Package compliance screens funded transfers and manages compliance holds.
package compliance

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/compliancehold"
	"github.com/sendhome/remit/ent/screening"
	enttransfer "github.com/sendhome/remit/ent/transfer"
	"github.com/sendhome/remit/internal/callbacks"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/events"
	"github.com/sendhome/remit/internal/platform/db"
	"github.com/sendhome/remit/internal/platform/ids"
	"github.com/sendhome/remit/internal/platform/redisx"
	"github.com/sendhome/remit/internal/store"
)

type Service interface {
	// Screen runs sanctions screening for a funded transfer. sourceID is the
	// stream entry that triggered it.
	Screen(ctx context.Context, sourceID string, transferID uuid.UUID) error
	PlaceHold(ctx context.Context, transferID uuid.UUID, reason, by, notes string) (*ent.ComplianceHold, error)
	ReleaseHold(ctx context.Context, holdID uuid.UUID, by string) (*ent.ComplianceHold, error)
}

type service struct {
	client    *ent.Client
	holds     store.ComplianceRepo
	transfers store.TransferRepo
	screener  Screener
	callbacks callbacks.Notifier
	pub       events.Publisher
	flags     redisx.Flags
	log       *slog.Logger
}

func NewService(client *ent.Client, screener Screener, cb callbacks.Notifier, pub events.Publisher, flags redisx.Flags, log *slog.Logger) Service {
	return &service{
		client:    client,
		holds:     store.NewComplianceRepo(client),
		transfers: store.NewTransferRepo(client),
		screener:  screener,
		callbacks: cb,
		pub:       pub,
		flags:     flags,
		log:       log,
	}
}

func (s *service) Screen(ctx context.Context, sourceID string, transferID uuid.UUID) error {
	t, err := s.transfers.Get(ctx, transferID)
	if err != nil {
		return err
	}
	switch t.Status {
	case enttransfer.StatusFunded:
	case enttransfer.StatusCleared:
		// Screened by an earlier delivery that may have died before publishing.
		_, err := s.pub.Publish(ctx, events.TransferCleared, events.Fields{"transfer_id": t.ID.String()})
		return err
	default:
		s.log.Info("screening skipped", "transfer_id", t.ID, "status", t.Status)
		return nil
	}
	rcp, err := s.client.Recipient.Get(ctx, t.RecipientID)
	if err != nil {
		return err
	}
	res, err := s.screener.Screen(ctx, ScreenRequest{
		Reference:   t.ID.String(),
		SenderID:    t.CustomerID,
		Beneficiary: rcp.FullName,
		Country:     rcp.Country,
		Amount:      t.SendAmount,
		Currency:    t.SendCurrency,
	})
	if err != nil {
		return err
	}
	if s.flags.Enabled(ctx, "compliance.review_all") && res.Decision == "clear" {
		res.Decision = "review"
	}

	var cleared bool
	err = db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		err := tx.Screening.Create().
			SetID(ids.Derive(ids.ScreeningNS, sourceID)).
			SetTransferID(t.ID).
			SetSourceMessageID(sourceID).
			SetResult(screening.Result(res.Decision)).
			SetScore(res.Score).
			SetMatchedLists(res.Lists).
			OnConflictColumns(screening.FieldTransferID).
			DoNothing().
			Exec(ctx)
		if err != nil && !db.IsNoRows(err) {
			return err
		}
		// Use whatever result was stored first so a redelivery cannot flip it.
		stored, err := tx.Screening.Query().Where(screening.TransferID(t.ID)).Only(ctx)
		if err != nil {
			return err
		}
		transfers := store.NewTransferRepo(tx.Client())
		if stored.Result == screening.ResultClear {
			cleared, err = transfers.SetStatusFrom(ctx, t.ID, []enttransfer.Status{enttransfer.StatusFunded}, enttransfer.StatusCleared)
			return err
		}
		if _, err := store.NewComplianceRepo(tx.Client()).PlaceHold(ctx, t.ID, "screening_"+string(stored.Result), "screening", ""); err != nil {
			return err
		}
		_, err = transfers.SetStatusFrom(ctx, t.ID, []enttransfer.Status{enttransfer.StatusFunded}, enttransfer.StatusOnHold)
		return err
	})
	if err != nil {
		return err
	}
	if cleared {
		_, err = s.pub.Publish(ctx, events.TransferCleared, events.Fields{"transfer_id": t.ID.String()})
	}
	return err
}

// PlaceHold is used by analysts to stop a transfer manually.
func (s *service) PlaceHold(ctx context.Context, transferID uuid.UUID, reason, by, notes string) (*ent.ComplianceHold, error) {
	var h *ent.ComplianceHold
	err := db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		t, err := tx.Transfer.Query().Where(enttransfer.ID(transferID)).ForUpdate().Only(ctx)
		if err != nil {
			return err
		}
		switch t.Status {
		case enttransfer.StatusPaidOut, enttransfer.StatusCollected, enttransfer.StatusCancelled, enttransfer.StatusRefunded:
			return domain.Preconditionf("transfer is %s", t.Status)
		}
		h, err = store.NewComplianceRepo(tx.Client()).PlaceHold(ctx, transferID, reason, by, notes)
		if err != nil {
			return err
		}
		return tx.Transfer.UpdateOne(t).SetStatus(enttransfer.StatusOnHold).Exec(ctx)
	})
	return h, err
}

// ReleaseHold clears a hold. When no other hold is open the transfer moves on
// to payout and the originating business is told.
func (s *service) ReleaseHold(ctx context.Context, holdID uuid.UUID, by string) (*ent.ComplianceHold, error) {
	h, err := s.holds.GetHold(ctx, holdID)
	if err != nil {
		return nil, err
	}
	if h.Status == compliancehold.StatusReleased {
		return h, s.republishCleared(ctx, h.TransferID)
	}
	if h.Status != compliancehold.StatusOpen {
		return nil, domain.Preconditionf("hold is %s", h.Status)
	}
	t, err := s.transfers.Get(ctx, h.TransferID)
	if err != nil {
		return nil, err
	}
	if t.OriginCallbackURL != "" {
		if err := s.callbacks.Post(ctx, t.OriginCallbackURL, callbacks.Event{
			Type:       "transfer.hold_released",
			TransferID: t.ID.String(),
			Status:     "processing",
			Detail:     "compliance review completed",
			OccurredAt: time.Now().UTC(),
		}); err != nil {
			s.log.Warn("origin callback failed", "transfer_id", t.ID, "err", err)
		}
	}

	var cleared bool
	err = db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		holds := store.NewComplianceRepo(tx.Client())
		if err := holds.ResolveHold(ctx, h.ID, compliancehold.StatusReleased, by); err != nil {
			return err
		}
		open, err := holds.OpenHolds(ctx, t.ID)
		if err != nil || open > 0 {
			return err
		}
		cleared, err = store.NewTransferRepo(tx.Client()).SetStatusFrom(ctx, t.ID, []enttransfer.Status{enttransfer.StatusOnHold}, enttransfer.StatusCleared)
		return err
	})
	if err != nil {
		return nil, err
	}
	if cleared {
		if _, err := s.pub.Publish(ctx, events.TransferCleared, events.Fields{"transfer_id": t.ID.String()}); err != nil {
			return nil, err
		}
	}
	return s.holds.GetHold(ctx, h.ID)
}

func (s *service) republishCleared(ctx context.Context, transferID uuid.UUID) error {
	t, err := s.transfers.Get(ctx, transferID)
	if err != nil || t.Status != enttransfer.StatusCleared {
		return err
	}
	_, err = s.pub.Publish(ctx, events.TransferCleared, events.Fields{"transfer_id": t.ID.String()})
	return err
}
