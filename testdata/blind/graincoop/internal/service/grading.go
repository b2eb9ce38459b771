package service

import (
	"context"
	"fmt"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/events"
	"github.com/prairiegold/graincoop/internal/grading"
	"github.com/prairiegold/graincoop/internal/store"
)

type GradingService struct {
	uow UnitOfWork
	now Clock
}

func NewGradingService(uow UnitOfWork, now Clock) *GradingService {
	return &GradingService{uow: uow, now: now}
}

// RecordGrade stores the lab grade for a ticket and prices its discount.
func (s *GradingService) RecordGrade(ctx context.Context, evt events.TicketGraded) error {
	return s.uow.InTx(ctx, func(r *store.Repos) error {
		t, err := r.Tickets.ByNumber(ctx, evt.ElevatorID, evt.TicketNo)
		if err != nil {
			return notFound(err)
		}
		perBu := grading.DiscountPerBu(t.Commodity, grading.Lab{
			Grade: evt.Grade, ForeignPct: evt.ForeignPct, DamagePct: evt.DamagePct,
			ProteinPct: evt.ProteinPct, TestWeight: evt.TestWeight,
		})
		g := &domain.GradeResult{
			TicketID:      t.ID,
			LabSampleID:   evt.LabSampleID,
			Grade:         evt.Grade,
			ForeignPct:    evt.ForeignPct,
			DamagePct:     evt.DamagePct,
			ProteinPct:    evt.ProteinPct,
			DiscountPerBu: perBu,
			Revision:      1,
			GradedAt:      evt.GradedAt,
			CreatedAt:     s.now(),
		}
		if err := r.Grades.Create(ctx, g); err != nil {
			return fmt.Errorf("save grade for %s-%s: %w", t.ElevatorID, t.TicketNo, err)
		}
		if err := r.Tickets.SetGradeDiscount(ctx, t.ID, grading.Extend(perBu, t.NetBu)); err != nil {
			return err
		}
		if t.Status == domain.TicketComplete {
			return r.Tickets.SetStatus(ctx, t.ID, domain.TicketGraded)
		}
		return nil
	})
}

const regradeConsumer = "quality-regraded"

// Regrade revises a ticket's grade and posts the change in discount as a
// premium/discount adjustment so that settled seasons pick it up. eventID
// is the producer's event id.
func (s *GradingService) Regrade(ctx context.Context, eventID string, evt events.QualityRegraded) error {
	return s.uow.InTx(ctx, func(r *store.Repos) error {
		fresh, err := r.Events.Claim(ctx, regradeConsumer, eventID)
		if err != nil || !fresh {
			return err
		}
		t, err := r.Tickets.ByNumber(ctx, evt.ElevatorID, evt.TicketNo)
		if err != nil {
			return notFound(err)
		}
		g, err := r.Grades.ByTicket(ctx, t.ID)
		if err != nil {
			return notFound(err)
		}
		newPerBu := grading.DiscountPerBu(t.Commodity, grading.Lab{
			Grade: evt.Grade, ForeignPct: evt.ForeignPct, DamagePct: evt.DamagePct,
			ProteinPct: evt.ProteinPct, TestWeight: evt.TestWeight,
		})
		delta := grading.Extend(g.DiscountPerBu.Sub(newPerBu), t.NetBu)
		g.Grade, g.ForeignPct, g.DamagePct, g.ProteinPct = evt.Grade, evt.ForeignPct, evt.DamagePct, evt.ProteinPct
		g.DiscountPerBu, g.GradedAt = newPerBu, evt.RegradedAt
		if err := r.Grades.Revise(ctx, g); err != nil {
			return err
		}
		if err := r.Tickets.SetGradeDiscount(ctx, t.ID, grading.Extend(newPerBu, t.NetBu)); err != nil {
			return err
		}
		if delta.IsZero() {
			return nil
		}
		season, _ := cropSeason(t)
		return r.Premiums.Create(ctx, &domain.PremiumAdjustment{
			GrowerID:      t.GrowerID,
			TicketID:      &t.ID,
			Season:        season,
			Kind:          "regrade",
			Amount:        delta,
			Reason:        fmt.Sprintf("regrade %s: %s", evt.LabSampleID, evt.Reason),
			SourceEventID: eventID,
			CreatedAt:     s.now(),
		})
	})
}

func cropSeason(t *domain.ScaleTicket) (int, bool) {
	y := t.WeighedInAt.Year()
	if t.WeighedInAt.Month() < 9 {
		return y - 1, true
	}
	return y, true
}

type PremiumService struct {
	uow     UnitOfWork
	growers GrowerReader
	now     Clock
}

func NewPremiumService(uow UnitOfWork, g GrowerReader, now Clock) *PremiumService {
	return &PremiumService{uow: uow, growers: g, now: now}
}

// Post books a program premium. eventID is the producer's event id and is
// kept on the adjustment for reconciliation with the pricing tool.
func (s *PremiumService) Post(ctx context.Context, eventID string, evt events.PremiumPosted) error {
	g, err := s.growers.ByMemberNo(ctx, evt.MemberNo)
	if err != nil {
		return notFound(err)
	}
	if evt.Amount.IsZero() {
		return nil
	}
	return s.uow.InTx(ctx, func(r *store.Repos) error {
		if evt.TicketID != nil {
			t, err := r.Tickets.Get(ctx, *evt.TicketID)
			if err != nil {
				return notFound(err)
			}
			if t.GrowerID != g.ID {
				return fmt.Errorf("%w: ticket %d is not member %s's", ErrInvalid, t.ID, g.MemberNo)
			}
		}
		return r.Premiums.Create(ctx, &domain.PremiumAdjustment{
			GrowerID:      g.ID,
			TicketID:      evt.TicketID,
			Season:        evt.Season,
			Kind:          "program:" + evt.Program,
			Amount:        evt.Amount.Round(2),
			Reason:        evt.Note,
			SourceEventID: eventID,
			CreatedAt:     s.now(),
		})
	})
}
