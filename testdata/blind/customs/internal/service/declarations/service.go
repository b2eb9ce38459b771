// Package declarations implements post-filing declaration operations and the
// tariff rate feed.
package declarations

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/harborline/brokerage/internal/clients/customs"
	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/service/svcerr"
)

// Service is the declaration use-case boundary.
type Service interface {
	Amend(ctx context.Context, importerID, shipmentID string, in AmendInput) (*domain.Amendment, error)
	ApplyTariffChange(ctx context.Context, change TariffChange) error
}

// AmendInput is the body of POST /v1/shipments/:id/amendments.
type AmendInput struct {
	Reason  string          `json:"reason" binding:"required,max=500"`
	Changes json.RawMessage `json:"changes" binding:"required"`
}

// TariffChange is a rate change notice from the authority's tariff feed.
type TariffChange struct {
	ChangeID      string    `json:"change_id"`
	HSCode        string    `json:"hs_code"`
	DutyRateBps   int       `json:"duty_rate_bps"`
	EffectiveFrom time.Time `json:"effective_from"`
}

// Deps are the dependencies injected by fx.
type Deps struct {
	fx.In

	Tx           repository.Transactor
	Shipments    repository.ShipmentRepository
	Declarations repository.DeclarationRepository
	Tariffs      repository.TariffRepository
	Authority    customs.Authority
	Log          *slog.Logger
}

type service struct{ Deps }

// New returns the declarations service.
func New(d Deps) *service { return &service{Deps: d} }

// Amend sends a correction of an accepted declaration to the authority.
func (s *service) Amend(ctx context.Context, importerID, shipmentID string, in AmendInput) (*domain.Amendment, error) {
	sh, err := s.Shipments.GetForImporter(ctx, importerID, shipmentID)
	if err != nil {
		return nil, svcerr.FromRepo(err)
	}
	decl, err := s.Declarations.GetByShipment(ctx, sh.ID)
	if err != nil {
		return nil, svcerr.FromRepo(err)
	}
	if decl.MRN == nil {
		return nil, svcerr.Conflict("declaration has not been accepted yet")
	}
	if decl.DecidedAt != nil {
		return nil, svcerr.Conflict("declaration already has a final decision")
	}

	req := customs.NewAmendment(in.Reason, in.Changes)
	amd := &domain.Amendment{
		ID:            req.AmendmentRef,
		DeclarationID: decl.ID,
		AmendmentRef:  req.AmendmentRef,
		Reason:        in.Reason,
		Changes:       domain.JSON(in.Changes),
		Status:        "submitting",
		CreatedAt:     time.Now().UTC(),
	}
	if err := s.Declarations.CreateAmendment(ctx, amd); err != nil {
		return nil, err
	}

	ack, err := s.Authority.SubmitAmendment(ctx, *decl.MRN, req)
	if errors.Is(err, customs.ErrRejected) {
		_ = s.Declarations.UpdateAmendment(ctx, amd.ID, "rejected", nil)
		return nil, svcerr.Invalid("authority rejected amendment: %v", err)
	}
	if err != nil {
		return nil, fmt.Errorf("submit amendment: %w", err)
	}
	amd.Status = ack.Status
	amd.AuthorityAck = &ack.AckID
	if err := s.Declarations.UpdateAmendment(ctx, amd.ID, ack.Status, &ack.AckID); err != nil {
		return nil, err
	}
	return amd, nil
}

// ApplyTariffChange records a rate change notice once and updates the
// current rate if the notice is not older than the stored one.
func (s *service) ApplyTariffChange(ctx context.Context, c TariffChange) error {
	if c.ChangeID == "" || c.HSCode == "" {
		return fmt.Errorf("tariff change: missing change_id or hs_code")
	}
	return s.Tx.InTx(ctx, func(tx *gorm.DB) error {
		tr := s.Tariffs.WithTx(tx)
		fresh, err := tr.RecordChange(ctx, &domain.TariffRateChange{
			ChangeID:      c.ChangeID,
			HSCode:        c.HSCode,
			DutyRateBps:   c.DutyRateBps,
			EffectiveFrom: c.EffectiveFrom,
			ReceivedAt:    time.Now().UTC(),
		})
		if err != nil || !fresh {
			return err
		}
		return tr.UpsertRate(ctx, &domain.TariffRate{
			HSCode:        c.HSCode,
			DutyRateBps:   c.DutyRateBps,
			EffectiveFrom: c.EffectiveFrom,
		})
	})
}
