// Package grading records the condition grade staff give each book and
// routes the copy to our shelves or to a wholesaler.
package grading

import (
	"context"
	"errors"
	"fmt"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/platform/queue"
)

// Grades and the share of the quoted offer each one pays.
var payoutShare = map[string]int64{
	"like_new":   100,
	"good":       100,
	"acceptable": 70,
	"reject":     0,
}

type Lines interface {
	Line(ctx context.Context, id string) (*domain.DropoffLine, error)
	RecordGrade(ctx context.Context, lineID, grade, staffID string, paidCents int64) error
	UngradedCount(ctx context.Context, dropoffID string) (int, error)
}

type Copies interface {
	Insert(ctx context.Context, c *domain.InventoryCopy) error
}

type Payouts interface {
	ForDropoff(ctx context.Context, dropoffID string) (*domain.Payout, error)
	AddAmount(ctx context.Context, id string, cents int64) error
	MarkReady(ctx context.Context, id string) error
}

type Outbox interface {
	Add(ctx context.Context, taskType, queue string, payload any) error
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	Lines   Lines
	Copies  Copies
	Payouts Payouts
	Outbox  Outbox
	Tx      TxRunner
	NewID   ids.Generator
}

var _ app.GradingService = (*Service)(nil)

func (s *Service) GradeLine(ctx context.Context, req app.GradeRequest) (*domain.InventoryCopy, error) {
	share, ok := payoutShare[req.Grade]
	if !ok {
		return nil, app.Invalid("unknown grade " + req.Grade)
	}
	if req.Channel == "wholesale" && req.WholesalerID == "" {
		return nil, app.Invalid("wholesale copies need a wholesaler")
	}
	line, err := s.Lines.Line(ctx, req.LineID)
	if errors.Is(err, app.ErrNoRows) {
		return nil, app.NotFound("drop-off line not found")
	}
	if err != nil {
		return nil, err
	}
	paid := line.OfferCents * share / 100

	// Claim the line first so two stations can't grade the same book.
	if err := s.Lines.RecordGrade(ctx, line.ID, req.Grade, req.StaffID, paid); err != nil {
		return nil, err
	}

	var copy *domain.InventoryCopy
	if req.Grade != "reject" {
		copy = &domain.InventoryCopy{
			ID:            s.NewID(),
			DropoffLineID: line.ID,
			ISBN:          line.ISBN,
			Grade:         req.Grade,
			Status:        domain.CopyGraded,
			Channel:       "resale",
		}
		if req.Channel == "wholesale" {
			copy.Channel = "wholesale"
			copy.Status = domain.CopyWholesalePending
			copy.WholesalerID = req.WholesalerID
			copy.WholesalePriceCents = line.OfferCents
		}
	}

	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if copy != nil {
			if err := s.Copies.Insert(ctx, copy); err != nil {
				return fmt.Errorf("insert copy: %w", err)
			}
			if copy.Channel == "resale" {
				if err := s.Outbox.Add(ctx, queue.TypeListingRelist, queue.QueueDefault, queue.CopyTask{CopyID: copy.ID}); err != nil {
					return err
				}
			}
		}
		return s.settleDropoffIfDone(ctx, line.DropoffID, paid)
	})
	if err != nil {
		return nil, err
	}
	return copy, nil
}

// settleDropoffIfDone adds the line's pay to the payout and, once every
// line in the drop-off is graded, releases the payout.
func (s *Service) settleDropoffIfDone(ctx context.Context, dropoffID string, paid int64) error {
	p, err := s.Payouts.ForDropoff(ctx, dropoffID)
	if err != nil {
		return fmt.Errorf("payout for dropoff %s: %w", dropoffID, err)
	}
	if paid > 0 {
		if err := s.Payouts.AddAmount(ctx, p.ID, paid); err != nil {
			return err
		}
	}
	left, err := s.Lines.UngradedCount(ctx, dropoffID)
	if err != nil || left > 0 {
		return err
	}
	if err := s.Payouts.MarkReady(ctx, p.ID); err != nil {
		return err
	}
	task := queue.TypePayoutDisburse
	if p.Method == domain.PayoutStoreCredit {
		task = queue.TypeCreditIssue
	}
	return s.Outbox.Add(ctx, task, queue.QueueMoney, queue.PayoutTask{PayoutID: p.ID})
}
