package access

import (
	"context"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/provider/gatelink"
	"github.com/baywarden/storagedesk/internal/queue"
)

// SetCode stores the tenant's chosen PIN and queues the gate sync for the
// resulting code version.
func (s *service) SetCode(ctx context.Context, rentalID, pin string) (*domain.AccessCode, error) {
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return nil, err
	}
	if !r.Open() {
		return nil, domain.ErrInvalidState
	}
	var code *domain.AccessCode
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		code, err = s.store.SetCode(ctx, r.ID, r.UnitID, pin)
		if err != nil {
			return err
		}
		return s.queue.Enqueue(ctx, queue.TypePushCode,
			queue.PushCodePayload{RentalID: r.ID, Version: code.Version},
			queue.ID("gatecode", r.ID, fmt.Sprintf("v%d", code.Version)), asynq.Queue(queue.QueueCritical))
	})
	if err != nil {
		return nil, err
	}
	return code, nil
}

// PushCode registers a code version at the gate controller and retires the
// previous version.
func (s *service) PushCode(ctx context.Context, rentalID string, version int) error {
	code, err := s.store.Code(ctx, rentalID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if code.Version != version || code.RevokedAt != nil {
		s.log.InfoContext(ctx, "skip stale code push", "rental", rentalID, "want", version, "have", code.Version)
		return nil
	}
	uc, err := s.unitContext(ctx, code.UnitID)
	if err != nil {
		return err
	}
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return err
	}
	profile := "tenant"
	if r.Status == domain.RentalDelinquent || r.Status == domain.RentalOverlocked || r.Status == domain.RentalLien {
		profile = "suspended"
	}
	res, err := s.gate.PutCode(ctx, gatelink.CodeRequest{
		SiteID:      uc.facility.GateSiteID,
		ExternalRef: codeRef(rentalID, version),
		PIN:         code.PIN,
		DoorIDs:     []string{uc.doorID()},
		Profile:     profile,
		ValidFrom:   r.StartedOn,
	})
	if err != nil {
		return err
	}
	if err := s.store.SetPartnerRef(ctx, rentalID, version, res.ID); err != nil {
		return err
	}
	if version > 1 {
		return s.gate.RevokeCode(ctx, uc.facility.GateSiteID, codeRef(rentalID, version-1))
	}
	return nil
}

// RevokeAccess disables the tenant's code locally and at the gate.
func (s *service) RevokeAccess(ctx context.Context, rentalID string) error {
	code, err := s.store.Code(ctx, rentalID)
	if err != nil {
		return err
	}
	if err := s.store.RevokeCode(ctx, rentalID); err != nil {
		return err
	}
	uc, err := s.unitContext(ctx, code.UnitID)
	if err != nil {
		return err
	}
	return s.gate.RevokeCode(ctx, uc.facility.GateSiteID, codeRef(rentalID, code.Version))
}
