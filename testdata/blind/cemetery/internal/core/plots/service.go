// Package plots implements service.Plots: recording transfers of interment
// rights between families.
package plots

import (
	"context"
	"fmt"
	"time"

	"github.com/rs/xid"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

type Options struct {
	UoW       uow.Runner
	Plots     repository.Plots
	Transfers repository.Transfers
	Now       func() time.Time
}

type Service struct {
	uow       uow.Runner
	plots     repository.Plots
	transfers repository.Transfers
	now       func() time.Time
}

var _ service.Plots = (*Service)(nil)

func New(opts Options) *Service {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	return &Service{uow: opts.UoW, plots: opts.Plots, transfers: opts.Transfers, now: now}
}

// Transfer records a deed transfer and moves ownership of the plot. The
// transfer number is the county deed number printed on the paper form.
func (s *Service) Transfer(ctx context.Context, in service.TransferInput) (domain.PlotTransfer, error) {
	if in.TransferNumber == "" || in.PlotID == "" || in.ToFamilyID == "" {
		return domain.PlotTransfer{}, fmt.Errorf("%w: plot, transfer number and recipient are required", service.ErrValidation)
	}
	if in.FromFamilyID == in.ToFamilyID {
		return domain.PlotTransfer{}, fmt.Errorf("%w: transfer to the same family", service.ErrValidation)
	}

	t := domain.PlotTransfer{
		ID:             "xfr_" + xid.New().String(),
		PlotID:         in.PlotID,
		TransferNumber: in.TransferNumber,
		FromFamilyID:   in.FromFamilyID,
		ToFamilyID:     in.ToFamilyID,
		RecordedBy:     in.RecordedBy,
		RecordedAt:     s.now().UTC(),
	}
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		plot, err := s.plots.Get(ctx, in.PlotID)
		if err != nil {
			return err
		}
		if plot.Status != domain.PlotOwned {
			return fmt.Errorf("%w: plot %s is %s", service.ErrInvalidState, plot.ID, plot.Status)
		}
		if err := s.transfers.Insert(ctx, t); err != nil {
			return err
		}
		return s.plots.AssignOwner(ctx, in.PlotID, in.ToFamilyID)
	})
	if err != nil {
		return domain.PlotTransfer{}, err
	}
	return t, nil
}
