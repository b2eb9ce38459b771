// Package engraving implements service.Engraving: monument inscription
// orders and their hand-off to the engraving workshop.
package engraving

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/jobs"
	"github.com/hollowpine-memorial/plotkeeper/internal/notify"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

// The workshop's limit for a flat upright marker.
const maxInscriptionRunes = 240

var (
	typefaces = map[string]bool{"roman": true, "script": true, "block": true, "old_english": true}
	materials = map[string]bool{"granite_grey": true, "granite_black": true, "bronze": true, "marble_white": true}
)

type Options struct {
	UoW      uow.Runner
	Orders   repository.EngravingOrders
	Plots    repository.Plots
	Engraver provider.Engraver
	Queue    queue.Enqueuer
	Logger   *zap.Logger
	Now      func() time.Time
}

type Service struct {
	uow      uow.Runner
	orders   repository.EngravingOrders
	plots    repository.Plots
	engraver provider.Engraver
	queue    queue.Enqueuer
	log      *zap.Logger
	now      func() time.Time
}

var _ service.Engraving = (*Service)(nil)

func New(opts Options) *Service {
	s := &Service{
		uow:      opts.UoW,
		orders:   opts.Orders,
		plots:    opts.Plots,
		engraver: opts.Engraver,
		queue:    opts.Queue,
		log:      opts.Logger,
		now:      opts.Now,
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = zap.NewNop()
	}
	return s
}

func validate(in service.EngravingInput) error {
	text := strings.TrimSpace(in.Inscription)
	if text == "" || utf8.RuneCountInString(text) > maxInscriptionRunes {
		return fmt.Errorf("%w: inscription must be 1 to %d characters", service.ErrValidation, maxInscriptionRunes)
	}
	if !typefaces[in.Typeface] || !materials[in.Material] {
		return fmt.Errorf("%w: unknown typeface or material", service.ErrValidation)
	}
	return nil
}

// PlaceOrder stores an engraving order and queues its submission.
func (s *Service) PlaceOrder(ctx context.Context, in service.EngravingInput) (domain.EngravingOrder, error) {
	if err := validate(in); err != nil {
		return domain.EngravingOrder{}, err
	}
	plot, err := s.plots.Get(ctx, in.PlotID)
	if err != nil {
		return domain.EngravingOrder{}, err
	}
	if !plot.OwnerFamilyID.Valid || plot.OwnerFamilyID.String != in.FamilyID {
		return domain.EngravingOrder{}, fmt.Errorf("%w: family %s does not hold plot %s", service.ErrInvalidState, in.FamilyID, plot.ID)
	}

	now := s.now().UTC()
	order := domain.EngravingOrder{
		ID:          uuid.NewString(),
		PlotID:      in.PlotID,
		FamilyID:    in.FamilyID,
		Inscription: strings.TrimSpace(in.Inscription),
		Typeface:    in.Typeface,
		Material:    in.Material,
		Status:      domain.EngravingPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.orders.Insert(ctx, order); err != nil {
			return err
		}
		return s.queue.Enqueue(ctx, jobs.EngravingSubmitArgs{OrderID: order.ID}, nil)
	})
	if err != nil {
		return domain.EngravingOrder{}, err
	}
	return order, nil
}

// Submit sends the order to the workshop. The workshop deduplicates on
// client_reference, so a resubmission returns the original vendor order.
func (s *Service) Submit(ctx context.Context, orderID string) error {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	receipt, err := s.engraver.SubmitOrder(ctx, provider.EngravingRequest{
		ClientReference: o.ID,
		Inscription:     o.Inscription,
		Typeface:        o.Typeface,
		Material:        o.Material,
	})
	if err != nil {
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.orders.InsertSubmission(ctx, o.ID, receipt.OrderRef, receipt.ProofURL); err != nil {
			return err
		}
		if _, err := s.orders.MarkSubmitted(ctx, o.ID, receipt.OrderRef); err != nil {
			return err
		}
		return notify.Queue(ctx, s.queue, notify.Message{
			FamilyID: o.FamilyID,
			Template: "engraving_submitted",
			Params:   map[string]string{"plot": o.PlotID},
			DedupKey: "engraving-submitted:" + o.ID,
		})
	})
}
