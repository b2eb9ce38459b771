package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/rs/xid"

	"github.com/harborcity/citeproc/internal/jobargs"
	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/ids"
	"github.com/harborcity/citeproc/internal/provider/payproc"
	"github.com/harborcity/citeproc/internal/store"
)

// PaymentPoster posts a processor charge to the ledger.
type PaymentPoster interface {
	PostCharge(ctx context.Context, citationID, chargeID string, amount int64, channel string, extra func(store.Repos) error) (int64, error)
}

// Plan eligibility rules from the hearing office's payment-plan policy.
const (
	planMinBalance      = 10000 // $100
	planMinInstallments = 2
	planMaxInstallments = 6
	planReminderLead    = 3 * 24 * time.Hour
)

// PlanService manages installment payment plans.
type PlanService struct {
	stores    Stores
	processor ChargeProcessor
	poster    PaymentPoster
	notifier  Notifier
	jobs      Enqueuer
	newPlanID ids.Generator
	now       clock
	log       *slog.Logger
}

func NewPlanService(stores Stores, processor ChargeProcessor, poster PaymentPoster, notifier Notifier, jobs Enqueuer, log *slog.Logger) *PlanService {
	return &PlanService{
		stores:    stores,
		processor: processor,
		poster:    poster,
		notifier:  notifier,
		jobs:      jobs,
		newPlanID: ids.Prefixed("pln_"),
		now:       utcNow,
		log:       log,
	}
}

// CreatePlanRequest enrols a citation in a payment plan.
type CreatePlanRequest struct {
	CitationNumber string
	Installments   int
	CardToken      string
	Phone          string
	Email          string
	FirstDue       time.Time
}

// CreatePlan splits the citation's balance into monthly installments.
func (s *PlanService) CreatePlan(ctx context.Context, req CreatePlanRequest) (*model.PaymentPlan, error) {
	repos := s.stores.Repos(ctx)
	c, err := repos.Citations.GetByNumber(ctx, req.CitationNumber)
	if err != nil {
		return nil, mapNotFound(err, "citation "+req.CitationNumber)
	}
	switch {
	case c.Closed():
		return nil, conflict("citation %s is %s", c.CitationNumber, c.Status)
	case c.Status == model.CitationCollect:
		return nil, conflict("citation %s is with the collections agency", c.CitationNumber)
	case c.Disputed:
		return nil, conflict("citation %s has an open dispute", c.CitationNumber)
	case c.BalanceCents < planMinBalance:
		return nil, invalid("balance below the %s plan minimum", dollars(planMinBalance))
	case req.Installments < planMinInstallments || req.Installments > planMaxInstallments:
		return nil, invalid("installments must be %d-%d", planMinInstallments, planMaxInstallments)
	case strings.TrimSpace(req.CardToken) == "":
		return nil, invalid("card token is required")
	}

	first := req.FirstDue
	if first.IsZero() {
		first = s.now().AddDate(0, 0, 7)
	}
	planID := s.newPlanID()
	plan := &model.PaymentPlan{
		ID:               planID,
		CitationID:       c.ID,
		Status:           model.PlanActive,
		TotalCents:       c.BalanceCents,
		InstallmentCount: req.Installments,
		CardToken:        req.CardToken,
		ContactPhone:     req.Phone,
		ContactEmail:     req.Email,
	}
	per := c.BalanceCents / int64(req.Installments)
	for i := 0; i < req.Installments; i++ {
		amt := per
		if i == req.Installments-1 {
			amt = c.BalanceCents - per*int64(req.Installments-1)
		}
		plan.Installments = append(plan.Installments, model.PlanInstallment{
			ID:          ids.Derived("installment", planID, fmt.Sprint(i+1)),
			PlanID:      planID,
			Seq:         i + 1,
			DueDate:     first.AddDate(0, i, 0).Truncate(24 * time.Hour),
			AmountCents: amt,
			Status:      model.InstallmentScheduled,
		})
	}
	err = s.stores.InTx(ctx, func(r store.Repos) error {
		if err := r.Plans.Create(ctx, plan); err != nil {
			return err
		}
		return r.Citations.AppendEvent(ctx, c.ID, "plan_created",
			fmt.Sprintf("%d x %s", req.Installments, dollars(per)), "portal")
	})
	if err != nil {
		return nil, err
	}
	return plan, nil
}

// CancelPlan cancels an active plan and its unpaid installments. Cancelling
// a cancelled plan returns it unchanged.
func (s *PlanService) CancelPlan(ctx context.Context, planID, reason, actor string) (*model.PaymentPlan, error) {
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		p, err := r.Plans.Get(ctx, planID)
		if err != nil {
			return mapNotFound(err, "plan "+planID)
		}
		cancelled, err := r.Plans.Cancel(ctx, planID)
		if err != nil || !cancelled {
			if err == nil && p.Status != model.PlanCancelled {
				return conflict("plan %s is %s", planID, p.Status)
			}
			return err
		}
		if _, err := r.Plans.CancelScheduledInstallments(ctx, planID); err != nil {
			return err
		}
		return r.Citations.AppendEvent(ctx, p.CitationID, "plan_cancelled", reason, actor)
	})
	if err != nil {
		return nil, err
	}
	return s.stores.Repos(ctx).Plans.Get(ctx, planID)
}

// ErrInstallmentDeclined means the card was declined; the sweep retries the
// installment on a later day.
var ErrInstallmentDeclined = errors.New("installment declined")

// ChargeInstallment charges one scheduled installment to the card on file.
func (s *PlanService) ChargeInstallment(ctx context.Context, planID string, seq int) error {
	repos := s.stores.Repos(ctx)
	plan, err := repos.Plans.Get(ctx, planID)
	if err != nil {
		return mapNotFound(err, "plan "+planID)
	}
	inst, err := repos.Plans.Installment(ctx, planID, seq)
	if err != nil {
		return mapNotFound(err, fmt.Sprintf("installment %s/%d", planID, seq))
	}
	if plan.Status != model.PlanActive || inst.Status == model.InstallmentPaid || inst.Status == model.InstallmentCancelled {
		return nil
	}
	if err := repos.Plans.IncrementAttempts(ctx, planID, seq); err != nil {
		return err
	}

	ch, err := s.processor.CreateCharge(ctx, payproc.ChargeRequest{
		AmountCents:    inst.AmountCents,
		CardToken:      plan.CardToken,
		Description:    fmt.Sprintf("Harbor City payment plan %s installment %d", planID, seq),
		Metadata:       map[string]string{"plan_id": planID, "seq": fmt.Sprint(seq)},
		IdempotencyKey: "inst_" + xid.New().String(),
	})
	if errors.Is(err, payproc.ErrDeclined) {
		if ferr := repos.Plans.MarkInstallmentFailed(ctx, planID, seq); ferr != nil {
			return ferr
		}
		return fmt.Errorf("%w: plan %s seq %d", ErrInstallmentDeclined, planID, seq)
	}
	if err != nil {
		return fmt.Errorf("charge installment %s/%d: %w", planID, seq, err)
	}

	_, err = s.poster.PostCharge(ctx, plan.CitationID, ch.ID, inst.AmountCents, "plan", func(r store.Repos) error {
		if _, err := r.Plans.MarkInstallmentPaid(ctx, planID, seq, ch.ID); err != nil {
			return err
		}
		open, err := r.Plans.OpenInstallmentCount(ctx, planID)
		if err != nil {
			return err
		}
		if open == 0 {
			return r.Plans.Complete(ctx, planID)
		}
		return nil
	})
	return err
}

// SendReminder reminds the payer that an installment is coming due.
func (s *PlanService) SendReminder(ctx context.Context, planID string, seq int) error {
	repos := s.stores.Repos(ctx)
	plan, err := repos.Plans.Get(ctx, planID)
	if err != nil {
		return mapNotFound(err, "plan "+planID)
	}
	inst, err := repos.Plans.Installment(ctx, planID, seq)
	if err != nil {
		return mapNotFound(err, fmt.Sprintf("installment %s/%d", planID, seq))
	}
	if plan.Status != model.PlanActive || inst.Status != model.InstallmentScheduled {
		return nil
	}
	channel, to := "sms", plan.ContactPhone
	if to == "" {
		channel, to = "email", plan.ContactEmail
	}
	if to == "" {
		return nil
	}
	sent, err := repos.Plans.ReminderSent(ctx, planID, seq, channel)
	if err != nil || sent {
		return err
	}
	body := fmt.Sprintf("Harbor City: your payment plan installment of %s will be charged on %s. Reply STOP to opt out.",
		dollars(inst.AmountCents), inst.DueDate.Format("Jan 2"))
	if channel == "sms" {
		_, err = s.notifier.SendSMS(ctx, to, body)
	} else {
		_, err = s.notifier.SendEmail(ctx, to, "Upcoming payment plan installment", body)
	}
	if err != nil {
		return fmt.Errorf("send reminder: %w", err)
	}
	return repos.Plans.RecordReminder(ctx, planID, seq, channel)
}

// FanOut enqueues charge jobs for installments due today and reminder jobs
// for those due in three days. Job uniqueness is by (plan, seq).
func (s *PlanService) FanOut(ctx context.Context, today time.Time) (charges, reminders int, err error) {
	repos := s.stores.Repos(ctx)
	day := today.Truncate(24 * time.Hour)
	due, err := repos.Plans.DueBetween(ctx, day.AddDate(0, 0, -3), day)
	if err != nil {
		return 0, 0, err
	}
	unique := &river.InsertOpts{Queue: jobargs.QueuePayments, UniqueOpts: river.UniqueOpts{ByArgs: true}}
	for _, in := range due {
		if err := s.jobs.Enqueue(ctx, jobargs.InstallmentCharge{PlanID: in.PlanID, Seq: in.Seq}, unique); err != nil {
			return charges, reminders, err
		}
		charges++
	}
	soon := day.Add(planReminderLead)
	upcoming, err := repos.Plans.DueBetween(ctx, soon, soon)
	if err != nil {
		return charges, reminders, err
	}
	for _, in := range upcoming {
		args := jobargs.InstallmentReminder{PlanID: in.PlanID, Seq: in.Seq, DueOn: in.DueDate.Format(jobargs.DateLayout)}
		if err := s.jobs.Enqueue(ctx, args, &river.InsertOpts{Queue: jobargs.QueueNotify, UniqueOpts: river.UniqueOpts{ByArgs: true}}); err != nil {
			return charges, reminders, err
		}
		reminders++
	}
	return charges, reminders, nil
}
