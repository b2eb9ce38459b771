// Package grading applies the honey lab's grading results: grades, regrades
// and rejections, and the advance credited to a member once a lot is graded.
package grading

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/store"
)

const (
	// JobAdvanceCredit credits a member with the advance on a graded lot.
	JobAdvanceCredit = "lot.advance_credit"

	topic = "grading.events"

	// advanceShare is the part of a lot's graded value credited right away;
	// the rest is settled at the end of the season.
	advanceShare = 0.6
)

type LotStore interface {
	GetLot(ctx context.Context, id string) (*store.Lot, error)
	UpsertGrade(ctx context.Context, g *store.LotGrade) error
	GetGrade(ctx context.Context, lotID string) (*store.LotGrade, error)
	RecordRejection(ctx context.Context, r *store.LotRejection) error
}

type Ledger interface {
	Append(ctx context.Context, e *store.LedgerEntry) error
	AppendOnce(ctx context.Context, e *store.LedgerEntry) (bool, error)
}

type EventLog interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, topic string) error
}

type Queue interface {
	Enqueue(ctx context.Context, spec store.JobSpec) error
}

type TxRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service interface {
	AssignGrade(ctx context.Context, ev GradeAssigned) error
	ReviseGrade(ctx context.Context, ev GradeRevised) error
	RejectLot(ctx context.Context, ev LotRejected) error
	CreditAdvance(ctx context.Context, jobID, lotID string) error
}

type GradeAssigned struct {
	EventID         string    `json:"event_id"`
	LotID           string    `json:"lot_id"`
	Grade           string    `json:"grade"`
	MoisturePct     float64   `json:"moisture_pct"`
	PriceCentsPerKg int64     `json:"price_cents_per_kg"`
	Grader          string    `json:"grader"`
	GradedAt        time.Time `json:"graded_at"`
}

// GradeRevised is sent when a lab re-test changes a grade after the member
// was already credited. AdjustmentCents is the lab's computed difference.
type GradeRevised struct {
	EventID         string    `json:"event_id"`
	LotID           string    `json:"lot_id"`
	Grade           string    `json:"grade"`
	MoisturePct     float64   `json:"moisture_pct"`
	PriceCentsPerKg int64     `json:"price_cents_per_kg"`
	AdjustmentCents int64     `json:"adjustment_cents"`
	Grader          string    `json:"grader"`
	RevisedAt       time.Time `json:"revised_at"`
}

type LotRejected struct {
	EventID    string    `json:"event_id"`
	LotID      string    `json:"lot_id"`
	Reason     string    `json:"reason"`
	Inspector  string    `json:"inspector"`
	RejectedAt time.Time `json:"rejected_at"`
}

type advancePayload struct {
	LotID string `json:"lot_id"`
}

type Deps struct {
	Tx     TxRunner
	Lots   LotStore
	Ledger Ledger
	Events EventLog
	Queue  Queue
	IDs    func() string
	Now    func() time.Time
}

type service struct{ Deps }

func New(d Deps) Service { return &service{Deps: d} }

func (s *service) AssignGrade(ctx context.Context, ev GradeAssigned) error {
	return s.Tx.WithTx(ctx, func(ctx context.Context) error {
		err := s.Lots.UpsertGrade(ctx, &store.LotGrade{
			LotID:           ev.LotID,
			Grade:           ev.Grade,
			MoisturePct:     ev.MoisturePct,
			PriceCentsPerKg: ev.PriceCentsPerKg,
			Grader:          ev.Grader,
			GradedAt:        ev.GradedAt,
		})
		if err != nil {
			return fmt.Errorf("store grade: %w", err)
		}
		// A lot that is regraded to a paying grade gets its own credit run, so
		// the key carries the time it was queued.
		return s.Queue.Enqueue(ctx, store.JobSpec{
			Kind:      JobAdvanceCredit,
			UniqueKey: "advance:" + ev.LotID + ":" + strconv.FormatInt(s.Now().UnixNano(), 36),
			Payload:   advancePayload{LotID: ev.LotID},
		})
	})
}

func (s *service) ReviseGrade(ctx context.Context, ev GradeRevised) error {
	seen, err := s.Events.Seen(ctx, ev.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	lot, err := s.Lots.GetLot(ctx, ev.LotID)
	if err != nil {
		return err
	}
	err = s.Tx.WithTx(ctx, func(ctx context.Context) error {
		if err := s.Lots.UpsertGrade(ctx, &store.LotGrade{
			LotID:           ev.LotID,
			Grade:           ev.Grade,
			MoisturePct:     ev.MoisturePct,
			PriceCentsPerKg: ev.PriceCentsPerKg,
			Grader:          ev.Grader,
			GradedAt:        ev.RevisedAt,
		}); err != nil {
			return err
		}
		if ev.AdjustmentCents == 0 {
			return nil
		}
		return s.Ledger.Append(ctx, &store.LedgerEntry{
			ID:          s.IDs(),
			MemberID:    lot.MemberID,
			LotID:       &lot.ID,
			Kind:        "grade_adjustment",
			AmountCents: ev.AdjustmentCents,
			Memo:        fmt.Sprintf("regrade to %s", ev.Grade),
			CreatedAt:   s.Now(),
		})
	})
	if err != nil {
		return err
	}
	return s.Events.MarkProcessed(ctx, ev.EventID, topic)
}

func (s *service) RejectLot(ctx context.Context, ev LotRejected) error {
	return s.Lots.RecordRejection(ctx, &store.LotRejection{
		LotID:      ev.LotID,
		Reason:     ev.Reason,
		Inspector:  ev.Inspector,
		RejectedAt: ev.RejectedAt,
	})
}

// CreditAdvance runs from the job queue. The ledger entry is keyed on the
// job, so a job that is picked up again after a crash credits once.
func (s *service) CreditAdvance(ctx context.Context, jobID, lotID string) error {
	lot, err := s.Lots.GetLot(ctx, lotID)
	if err != nil {
		return err
	}
	if lot.Status == "rejected" {
		return nil
	}
	grade, err := s.Lots.GetGrade(ctx, lotID)
	if err != nil {
		return err
	}
	value := lot.NetGrams * grade.PriceCentsPerKg / 1000
	amount := int64(float64(value) * advanceShare)
	if amount <= 0 {
		return nil
	}
	_, err = s.Ledger.AppendOnce(ctx, &store.LedgerEntry{
		ID:          "job:" + jobID,
		MemberID:    lot.MemberID,
		LotID:       &lot.ID,
		Kind:        "lot_advance",
		AmountCents: amount,
		Memo:        fmt.Sprintf("advance on lot %s (%s)", lot.IntakeTicket, grade.Grade),
		CreatedAt:   s.Now(),
	})
	return err
}
