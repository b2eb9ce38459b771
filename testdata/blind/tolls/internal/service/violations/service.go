// Package violations turns plate-only passages into violations, mails
// notices and takes disputes and payments.
package violations

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/providers/dmv"
	"github.com/northgate/tolls/internal/providers/mailer"
	"github.com/northgate/tolls/internal/providers/payments"
	"github.com/northgate/tolls/internal/service/tolling"
	"github.com/northgate/tolls/internal/storage"
	"github.com/northgate/tolls/internal/storage/repo"
)

// Service is the violations API.
type Service interface {
	FromPlateRead(ctx context.Context, r PlateRead) error
	Get(ctx context.Context, id string) (*domain.Violation, error)
	Dispute(ctx context.Context, in DisputeInput) (*domain.Dispute, error)
	Pay(ctx context.Context, in PayInput) (*domain.CardPayment, error)
	Reissue(ctx context.Context, violationID, actor string) (*mailer.Result, error)
	SendNotice(ctx context.Context, violationID string) error
	SendReminder(ctx context.Context, violationID string, stage int) error
}

// PlateRead is a camera read that had no valid transponder with it.
type PlateRead struct {
	GantryID     string    `json:"gantry_id"`
	Seq          int64     `json:"seq"`
	PlateState   string    `json:"plate_state"`
	PlateNumber  string    `json:"plate_number"`
	Confidence   float64   `json:"confidence"`
	PlazaID      string    `json:"plaza_id"`
	VehicleClass int       `json:"vehicle_class"`
	ImageURL     string    `json:"image_url"`
	ReadAt       time.Time `json:"read_at"`
}

// NoticeRequest is queued when a violation needs its first notice.
type NoticeRequest struct {
	ViolationID string `json:"violation_id"`
}

// Impl implements Service.
type Impl struct {
	tx         storage.TxRunner
	violations repo.ViolationRepository
	vehicles   repo.VehicleRepository
	payments   repo.CardPaymentRepository
	pricer     *tolling.Pricer
	dmv        dmv.Lookup
	mail       mailer.Sender
	gateway    payments.Gateway
	queue      events.QueueSender
	cfg        *config.Config
	log        *zap.Logger

	minConfidence float64
	adminFee      int64
	reminderFees  []int64
}

// New wires the violations service.
func New(
	tx storage.TxRunner,
	violations repo.ViolationRepository,
	vehicles repo.VehicleRepository,
	cardPayments repo.CardPaymentRepository,
	pricer *tolling.Pricer,
	lookup dmv.Lookup,
	mail mailer.Sender,
	gateway payments.Gateway,
	queue events.QueueSender,
	cfg *config.Config,
	log *zap.Logger,
) *Impl {
	return &Impl{
		tx: tx, violations: violations, vehicles: vehicles, payments: cardPayments,
		pricer: pricer, dmv: lookup, mail: mail, gateway: gateway, queue: queue,
		cfg: cfg, log: log.Named("violations"),
		minConfidence: 0.92,
		adminFee:      500,
		reminderFees:  []int64{500, 1500, 2500, 5000},
	}
}

// Get returns a violation.
func (s *Impl) Get(ctx context.Context, id string) (*domain.Violation, error) {
	return s.violations.Get(ctx, id)
}

// FromPlateRead turns an unmatched camera read into a violation and queues
// its first notice.
func (s *Impl) FromPlateRead(ctx context.Context, r PlateRead) error {
	if r.Confidence < s.minConfidence {
		s.log.Debug("plate read below confidence; left for manual review",
			zap.String("gantry", r.GantryID), zap.Int64("seq", r.Seq), zap.Float64("confidence", r.Confidence))
		return nil
	}
	if _, err := s.vehicles.FindByPlate(ctx, r.PlateState, r.PlateNumber); err == nil {
		// Registered plate: billed by the video-toll matcher, not a violation.
		return nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}

	owner, err := s.dmv.LookupPlate(ctx, r.PlateState, r.PlateNumber)
	if errors.Is(err, dmv.ErrNoRecord) {
		s.log.Info("no registered owner; violation not raised", zap.String("plate", r.PlateState+"/"+r.PlateNumber))
		return nil
	}
	if err != nil {
		return fmt.Errorf("dmv lookup: %w", err)
	}
	toll, err := s.pricer.PlazaToll(ctx, r.PlazaID, r.VehicleClass, r.ReadAt)
	if err != nil {
		return err
	}

	v := &domain.Violation{
		ID:           ids.New(),
		GantryID:     r.GantryID,
		ReadSeq:      r.Seq,
		PlateState:   r.PlateState,
		PlateNumber:  r.PlateNumber,
		OwnerName:    owner.Name,
		AddressLine1: owner.Line1,
		AddressLine2: owner.Line2,
		City:         owner.City,
		Region:       owner.Region,
		PostalCode:   owner.PostalCode,
		TollCents:    toll,
		FeeCents:     s.adminFee,
		Status:       domain.ViolationOpen,
		ImageURL:     r.ImageURL,
		PassedAt:     r.ReadAt,
		CreatedAt:    time.Now().UTC(),
		UpdatedAt:    time.Now().UTC(),
	}
	if err := s.violations.Create(ctx, v); err != nil {
		return fmt.Errorf("create violation: %w", err)
	}
	if _, err := s.queue.Send(ctx, s.cfg.Queues.ViolationNotices,
		events.NewEnvelope("violation.created", v.ID, NoticeRequest{ViolationID: v.ID})); err != nil {
		return fmt.Errorf("queue notice for %s: %w", v.ID, err)
	}
	return nil
}

// DisputeInput is a customer's dispute of a violation.
type DisputeInput struct {
	ViolationID string
	Reason      string
	Evidence    string
	SubmittedBy string
}

// Dispute files a dispute and puts the violation on hold.
func (s *Impl) Dispute(ctx context.Context, in DisputeInput) (*domain.Dispute, error) {
	if in.Reason == "" {
		return nil, fmt.Errorf("%w: reason is required", domain.ErrInvalid)
	}
	var d *domain.Dispute
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		v, err := s.violations.GetForUpdate(ctx, in.ViolationID)
		if err != nil {
			return err
		}
		if v.Status == domain.ViolationPaid || v.Status == domain.ViolationDismissed {
			return fmt.Errorf("%w: violation is %s", domain.ErrPrecondition, v.Status)
		}
		d = &domain.Dispute{
			ID:          ids.New(),
			ViolationID: v.ID,
			Reason:      in.Reason,
			Evidence:    in.Evidence,
			Status:      "submitted",
			SubmittedBy: in.SubmittedBy,
			CreatedAt:   time.Now().UTC(),
		}
		if err := s.violations.AddDispute(ctx, d); err != nil {
			return err
		}
		_, err = s.violations.Transition(ctx, v.ID, domain.ViolationDisputed,
			domain.ViolationOpen, domain.ViolationNoticed, domain.ViolationDisputed)
		return err
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// PayInput pays a violation by card.
type PayInput struct {
	ViolationID      string
	PaymentToken     string
	ShopperReference string
}

// Pay charges the amount due and marks the violation paid. The gateway key
// is derived from the violation, so a repeated payment attempt for the same
// violation is answered by the gateway with the first result.
func (s *Impl) Pay(ctx context.Context, in PayInput) (*domain.CardPayment, error) {
	v, err := s.violations.Get(ctx, in.ViolationID)
	if err != nil {
		return nil, err
	}
	switch v.Status {
	case domain.ViolationDismissed:
		return nil, fmt.Errorf("%w: violation was dismissed", domain.ErrPrecondition)
	case domain.ViolationPaid:
		if p, err := s.payments.FindByReference(ctx, "VIO-"+v.ID); err == nil {
			return p, nil
		}
		return nil, fmt.Errorf("%w: violation already paid", domain.ErrPrecondition)
	}
	opKey := "violation:" + v.ID
	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		Reference:        "VIO-" + v.ID,
		ShopperReference: in.ShopperReference,
		PaymentToken:     in.PaymentToken,
		Amount:           payments.Amount{Value: v.AmountDue(), Currency: s.cfg.Currency},
		Description:      "NGTOLLS VIOLATION",
	}, payments.WithIdempotencyKey(ids.Derive("violation.payment", v.ID)))
	if err != nil {
		return nil, fmt.Errorf("pay violation %s: %w", v.ID, err)
	}
	if !res.Authorised() {
		return nil, fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, res.RefusalReason)
	}

	var stored *domain.CardPayment
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		now := time.Now().UTC()
		stored, err = s.payments.Claim(ctx, &domain.CardPayment{
			ID:           ids.New(),
			OperationKey: &opKey,
			AccountID:    "",
			Purpose:      domain.PurposeViolation,
			AmountCents:  v.AmountDue(),
			Currency:     s.cfg.Currency,
			Status:       "succeeded",
			PSPReference: res.PSPReference,
			Reference:    "VIO-" + v.ID,
			CreatedAt:    now,
			UpdatedAt:    now,
		})
		if err != nil {
			return err
		}
		_, err = s.violations.Transition(ctx, v.ID, domain.ViolationPaid,
			domain.ViolationOpen, domain.ViolationNoticed, domain.ViolationDisputed)
		return err
	})
	if err != nil {
		return nil, err
	}
	return stored, nil
}
