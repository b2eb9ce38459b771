// Package partner implements the retail partner API: announcing shipments
// to a locker, cancelling them before drop-off, and asking for a parcel to
// be sent back.
package partner

import (
	"context"
	"encoding/json"

	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/store"
	"github.com/quayside/lockers/internal/webhooks"
)

type CreateShipmentInput struct {
	PartnerID      string
	ExternalRef    string
	LockerID       string
	RecipientName  string
	RecipientPhone string
	Size           domain.Size
}

type ReturnInput struct {
	RequestID  string
	PartnerID  string
	ShipmentID string
	Reason     string
}

type ReturnResult struct {
	ReturnID string `json:"return_id"`
	FeeCents int64  `json:"fee_cents"`
	Status   string `json:"status"`
}

type Service interface {
	CreateShipment(ctx context.Context, in CreateShipmentInput) (domain.Shipment, bool, error)
	CancelShipment(ctx context.Context, partnerID, shipmentID string) (domain.Shipment, error)
	RequestReturn(ctx context.Context, in ReturnInput) (ReturnResult, error)
}

type service struct {
	tx        store.TxRunner
	repos     store.Repos
	publisher webhooks.Publisher
	log       *slog.Logger
}

func NewService(tx store.TxRunner, repos store.Repos, publisher webhooks.Publisher, log *slog.Logger) Service {
	return &service{tx: tx, repos: repos, publisher: publisher, log: log}
}

func (s *service) CreateShipment(ctx context.Context, in CreateShipmentInput) (domain.Shipment, bool, error) {
	if in.ExternalRef == "" || in.RecipientPhone == "" {
		return domain.Shipment{}, false, fmt.Errorf("%w: external_ref and recipient_phone are required", domain.ErrInvalidArgument)
	}
	if !in.Size.Valid() {
		return domain.Shipment{}, false, fmt.Errorf("%w: size %q", domain.ErrInvalidArgument, in.Size)
	}
	if _, err := s.repos.Lockers.Get(ctx, in.LockerID); err != nil {
		return domain.Shipment{}, false, err
	}
	created, err := s.repos.Shipments.InsertIfAbsent(ctx, domain.Shipment{
		ID:             uuid.NewString(),
		PartnerID:      in.PartnerID,
		ExternalRef:    in.ExternalRef,
		LockerID:       in.LockerID,
		RecipientName:  in.RecipientName,
		RecipientPhone: in.RecipientPhone,
		Size:           in.Size,
	})
	if err != nil {
		return domain.Shipment{}, false, err
	}
	sh, err := s.repos.Shipments.GetByExternalRef(ctx, in.PartnerID, in.ExternalRef)
	if err != nil {
		return domain.Shipment{}, false, err
	}
	if !created && (sh.LockerID != in.LockerID || sh.RecipientPhone != in.RecipientPhone) {
		return sh, false, fmt.Errorf("%w: external_ref %s already used for a different shipment", domain.ErrConflict, in.ExternalRef)
	}
	return sh, created, nil
}

func (s *service) CancelShipment(ctx context.Context, partnerID, shipmentID string) (domain.Shipment, error) {
	sh, err := store.InTx(ctx, s.tx, func(ctx context.Context, r store.Repos) (domain.Shipment, error) {
		sh, err := r.Shipments.Get(ctx, shipmentID)
		if err != nil {
			return domain.Shipment{}, err
		}
		if sh.PartnerID != partnerID {
			return domain.Shipment{}, domain.ErrNotFound
		}
		if sh.Status == domain.ShipmentCancelled {
			return sh, nil
		}
		ok, err := r.Shipments.Transition(ctx, sh.ID, []domain.ShipmentStatus{domain.ShipmentAnnounced}, domain.ShipmentCancelled)
		if err != nil {
			return domain.Shipment{}, err
		}
		if !ok {
			return domain.Shipment{}, domain.ErrInvalidState
		}
		sh.Status = domain.ShipmentCancelled
		return sh, nil
	})
	if err != nil {
		return domain.Shipment{}, err
	}

	err = webhooks.Publish(ctx, s.publisher, "shipment.cancelled:"+sh.ID, webhooks.TypeParcelStatus, sh.PartnerID,
		webhooks.ParcelStatusPayload{
			ShipmentID:  sh.ID,
			ExternalRef: sh.ExternalRef,
			Status:      string(domain.ShipmentCancelled),
			OccurredAt:  time.Now().UTC(),
		})
	if err != nil {
		return domain.Shipment{}, fmt.Errorf("queue cancellation webhook: %w", err)
	}
	return sh, nil
}

func returnScope(partnerID string) string { return "partner.return:" + partnerID }

func (s *service) RequestReturn(ctx context.Context, in ReturnInput) (ReturnResult, error) {
	if in.RequestID == "" {
		return ReturnResult{}, fmt.Errorf("%w: request_id is required", domain.ErrInvalidArgument)
	}
	raw, seen, err := s.repos.Keys.Lookup(ctx, returnScope(in.PartnerID), in.RequestID)
	if err != nil {
		return ReturnResult{}, err
	}
	if seen {
		var prev ReturnResult
		if err := json.Unmarshal(raw, &prev); err != nil {
			return ReturnResult{}, err
		}
		return prev, nil
	}

	sh, err := s.repos.Shipments.Get(ctx, in.ShipmentID)
	if err != nil {
		return ReturnResult{}, err
	}
	if sh.PartnerID != in.PartnerID {
		return ReturnResult{}, domain.ErrNotFound
	}
	if sh.Status != domain.ShipmentInLocker && sh.Status != domain.ShipmentReturning {
		return ReturnResult{}, domain.ErrInvalidState
	}
	partner, err := s.repos.Partners.Get(ctx, in.PartnerID)
	if err != nil {
		return ReturnResult{}, err
	}

	rr := domain.ReturnRequest{
		ID:         "ret_" + ksuid.New().String(),
		ShipmentID: sh.ID,
		PartnerID:  partner.ID,
		Reason:     in.Reason,
		FeeCents:   partner.ReturnFeeCents,
		Status:     "requested",
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Returns.InsertRequest(ctx, rr); err != nil {
			return err
		}
		if rr.FeeCents > 0 {
			if err := r.Billing.AddToBalance(ctx, partner.ID, rr.FeeCents); err != nil {
				return err
			}
		}
		_, err := r.Shipments.Transition(ctx, sh.ID, []domain.ShipmentStatus{domain.ShipmentInLocker}, domain.ShipmentReturning)
		return err
	})
	if err != nil {
		return ReturnResult{}, err
	}

	out := ReturnResult{ReturnID: rr.ID, FeeCents: rr.FeeCents, Status: rr.Status}
	if err := s.repos.Keys.Remember(ctx, returnScope(in.PartnerID), in.RequestID, out); err != nil {
		s.log.WarnContext(ctx, "store return request key", "partner_id", in.PartnerID, "err", err)
	}
	return out, nil
}
