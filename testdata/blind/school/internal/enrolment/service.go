// Package enrolment creates enrolments with their instalment plans and
// moves students between courses.
package enrolment

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/platform/reqctx"
	"github.com/lingua/academy/internal/store"
)

// CreateInput is the body of POST /v1/enrolments.
type CreateInput struct {
	StudentID string `json:"student_id"`
	CourseID  string `json:"course_id"`
	Plan      string `json:"plan"`
}

func (in *CreateInput) Validate() error {
	if in.StudentID == "" || in.CourseID == "" {
		return errors.New("student_id and course_id are required")
	}
	if _, err := instalmentCount(in.Plan); err != nil {
		return err
	}
	return nil
}

// TransferInput moves an enrolment to another course.
type TransferInput struct {
	EnrolmentID    string `params:"id"`
	TargetCourseID string `json:"target_course_id"`
	Plan           string `json:"plan"`
}

func (in *TransferInput) Validate() error {
	if in.TargetCourseID == "" {
		return errors.New("target_course_id is required")
	}
	if in.Plan == "" {
		in.Plan = PlanUpfront
	}
	_, err := instalmentCount(in.Plan)
	return err
}

// InstalmentView is an instalment in API responses.
type InstalmentView struct {
	ID          string `json:"id"`
	Seq         int    `json:"seq"`
	DueOn       string `json:"due_on"`
	AmountCents int64  `json:"amount_cents"`
	Status      string `json:"status"`
}

// EnrolmentView is the API representation of an enrolment.
type EnrolmentView struct {
	ID          string           `json:"id"`
	StudentID   string           `json:"student_id"`
	CourseID    string           `json:"course_id"`
	Status      string           `json:"status"`
	Plan        string           `json:"plan"`
	TotalCents  int64            `json:"total_cents"`
	Currency    string           `json:"currency"`
	Instalments []InstalmentView `json:"instalments"`
	created     bool
}

func (v EnrolmentView) CreatedResource() bool { return v.created }

// TransferView reports the result of a transfer.
type TransferView struct {
	From          string        `json:"from_enrolment_id"`
	To            EnrolmentView `json:"to"`
	CreditApplied int64         `json:"credit_applied_cents"`
}

// Service is the enrolment API.
type Service interface {
	Create(ctx context.Context, in CreateInput) (EnrolmentView, error)
	Get(ctx context.Context, id string) (EnrolmentView, error)
	Transfer(ctx context.Context, in TransferInput) (TransferView, error)
}

type service struct {
	store store.Store
	log   *slog.Logger
	now   func() time.Time
}

// NewService builds the enrolment service.
func NewService(st store.Store, log *slog.Logger) Service {
	return &service{store: st, log: log, now: time.Now}
}

const scopeCreate = "enrolment.create"

func hashCreate(in CreateInput) string {
	sum := sha256.Sum256([]byte(in.StudentID + "|" + in.CourseID + "|" + in.Plan))
	return hex.EncodeToString(sum[:])
}

func (s *service) Create(ctx context.Context, in CreateInput) (EnrolmentView, error) {
	key, ok := reqctx.IdempotencyKey(ctx)
	if !ok {
		return EnrolmentView{}, httpx.BadRequest("Idempotency-Key header is required")
	}
	hash := hashCreate(in)

	var out EnrolmentView
	err := s.store.InTx(ctx, func(q store.Querier) error {
		claimed, err := q.ClaimIdempotencyKey(ctx, scopeCreate, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			rec, err := q.GetIdempotencyKey(ctx, scopeCreate, key)
			if err != nil {
				return err
			}
			if rec.RequestHash != hash {
				return httpx.Unprocessable("Idempotency-Key was used with a different request")
			}
			out, err = view(ctx, q, rec.ResourceID)
			return err
		}

		course, err := q.GetCourse(ctx, in.CourseID)
		if errors.Is(err, store.ErrNotFound) {
			return httpx.NotFound("course not found")
		}
		if err != nil {
			return err
		}
		if !course.Active {
			return httpx.Conflict("course is closed for enrolment")
		}
		if _, err := q.GetStudent(ctx, in.StudentID); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return httpx.NotFound("student not found")
			}
			return err
		}

		e := store.Enrolment{
			ID:         "enr_" + xid.New().String(),
			StudentID:  in.StudentID,
			CourseID:   in.CourseID,
			Status:     store.EnrolmentActive,
			Plan:       in.Plan,
			TotalCents: course.PriceCents,
			Currency:   course.Currency,
		}
		if err := q.InsertEnrolment(ctx, e); err != nil {
			if store.IsUniqueViolation(err) {
				return httpx.Conflict("student is already enrolled on this course")
			}
			return err
		}
		schedule, _, err := buildSchedule(e.ID, e.Plan, e.TotalCents, 0, e.Currency, s.now())
		if err != nil {
			return err
		}
		if err := q.InsertInstalments(ctx, schedule); err != nil {
			return err
		}
		if err := q.CompleteIdempotencyKey(ctx, scopeCreate, key, e.ID); err != nil {
			return err
		}
		out, err = view(ctx, q, e.ID)
		out.created = true
		return err
	})
	return out, err
}

func (s *service) Get(ctx context.Context, id string) (EnrolmentView, error) {
	v, err := view(ctx, s.store, id)
	if errors.Is(err, store.ErrNotFound) {
		return v, httpx.NotFound("enrolment not found")
	}
	return v, err
}

// Transfer moves a student to another course. What the student has paid on
// the old enrolment becomes account credit, which is applied to the new
// enrolment's first instalments.
func (s *service) Transfer(ctx context.Context, in TransferInput) (TransferView, error) {
	old, err := s.store.GetEnrolment(ctx, in.EnrolmentID)
	if errors.Is(err, store.ErrNotFound) {
		return TransferView{}, httpx.NotFound("enrolment not found")
	}
	if err != nil {
		return TransferView{}, err
	}
	if old.Status != store.EnrolmentActive && old.Status != store.EnrolmentTransferring {
		return TransferView{}, httpx.Conflict("enrolment cannot be transferred from status " + old.Status)
	}
	target, err := s.store.GetCourse(ctx, in.TargetCourseID)
	if errors.Is(err, store.ErrNotFound) {
		return TransferView{}, httpx.NotFound("target course not found")
	}
	if err != nil {
		return TransferView{}, err
	}
	if target.ID == old.CourseID {
		return TransferView{}, httpx.BadRequest("target course is the current course")
	}
	if target.Currency != old.Currency {
		return TransferView{}, httpx.Unprocessable("courses are priced in different currencies")
	}

	// Release the old place and turn what was paid into account credit.
	var credit int64
	err = s.store.InTx(ctx, func(q store.Querier) error {
		locked, err := q.LockEnrolment(ctx, old.ID)
		if err != nil {
			return err
		}
		if locked.Status != store.EnrolmentActive && locked.Status != store.EnrolmentTransferring {
			return httpx.Conflict("enrolment changed while transferring")
		}
		items, err := q.ListInstalments(ctx, old.ID)
		if err != nil {
			return err
		}
		credit = paidSoFar(items)
		if _, err := q.CancelOpenInstalments(ctx, old.ID); err != nil {
			return err
		}
		if err := q.SetEnrolmentStatus(ctx, old.ID, store.EnrolmentTransferring); err != nil {
			return err
		}
		return q.AddAccountCredit(ctx, old.StudentID, credit)
	})
	if err != nil {
		return TransferView{}, fmt.Errorf("release old enrolment: %w", err)
	}

	// Enrol on the new course, paying from the credit first.
	var (
		created store.Enrolment
		applied int64
	)
	err = s.store.InTx(ctx, func(q store.Querier) error {
		created = store.Enrolment{
			ID:         "enr_" + xid.New().String(),
			StudentID:  old.StudentID,
			CourseID:   target.ID,
			Status:     store.EnrolmentActive,
			Plan:       in.Plan,
			TotalCents: target.PriceCents,
			Currency:   target.Currency,
		}
		if err := q.InsertEnrolment(ctx, created); err != nil {
			if store.IsUniqueViolation(err) {
				return httpx.Conflict("student is already enrolled on the target course")
			}
			return err
		}
		var schedule []store.Instalment
		schedule, applied, err = buildSchedule(created.ID, created.Plan, created.TotalCents, credit, created.Currency, s.now())
		if err != nil {
			return err
		}
		if err := q.InsertInstalments(ctx, schedule); err != nil {
			return err
		}
		if err := q.AddAccountCredit(ctx, old.StudentID, -applied); err != nil {
			return err
		}
		return q.SetEnrolmentTransferredTo(ctx, old.ID, created.ID)
	})
	if err != nil {
		return TransferView{}, err
	}

	to, err := view(ctx, s.store, created.ID)
	if err != nil {
		return TransferView{}, err
	}
	to.created = true
	return TransferView{From: old.ID, To: to, CreditApplied: applied}, nil
}

func view(ctx context.Context, q store.Querier, id string) (EnrolmentView, error) {
	e, err := q.GetEnrolment(ctx, id)
	if err != nil {
		return EnrolmentView{}, err
	}
	items, err := q.ListInstalments(ctx, id)
	if err != nil {
		return EnrolmentView{}, err
	}
	v := EnrolmentView{
		ID: e.ID, StudentID: e.StudentID, CourseID: e.CourseID, Status: e.Status,
		Plan: e.Plan, TotalCents: e.TotalCents, Currency: e.Currency,
	}
	for _, it := range items {
		v.Instalments = append(v.Instalments, InstalmentView{
			ID: it.ID, Seq: it.Seq, DueOn: it.DueOn.Format(time.DateOnly),
			AmountCents: it.AmountCents, Status: it.Status,
		})
	}
	return v, nil
}
