package appointments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"

	"github.com/acme/clinic/internal/config"
	"github.com/acme/clinic/internal/idempotency"
	"github.com/acme/clinic/internal/platform/command"
	"github.com/acme/clinic/internal/platform/db"
	"github.com/acme/clinic/internal/platform/events"
	"github.com/acme/clinic/internal/platform/ids"
	"github.com/acme/clinic/internal/platform/jobs"
	"github.com/acme/clinic/internal/provider/payments"
)

// KeyStore claims client idempotency keys inside the current transaction.
type KeyStore interface {
	Claim(ctx context.Context, scope, key, hash string) (prior []byte, fresh bool, err error)
	Complete(ctx context.Context, scope, key string, response any) error
}

// DepositLookup finds the succeeded deposit for an appointment, if any.
type DepositLookup interface {
	SucceededDeposit(ctx context.Context, appointmentID string) (Deposit, bool, error)
}

// Refunder issues card refunds.
type Refunder interface {
	Refund(ctx context.Context, req payments.RefundRequest) (*stripe.Refund, error)
}

type Service struct {
	repo     Repository
	tx       db.Transactor
	keys     KeyStore
	outbox   events.OutboxWriter
	deposits DepositLookup
	refunds  Refunder
	jobs     jobs.Enqueuer
	billing  config.BillingConfig
	log      *slog.Logger
	now      func() time.Time
}

func NewService(
	repo Repository,
	tx db.Transactor,
	keys KeyStore,
	outbox events.OutboxWriter,
	deposits DepositLookup,
	refunds Refunder,
	enq jobs.Enqueuer,
	cfg config.Config,
	log *slog.Logger,
) *Service {
	return &Service{
		repo: repo, tx: tx, keys: keys, outbox: outbox, deposits: deposits,
		refunds: refunds, jobs: enq, billing: cfg.Billing, log: log,
		now: time.Now,
	}
}

const scopeBook = "appointments.book"

// Book reserves a slot. The Idempotency-Key is claimed in the same
// transaction as the appointment insert; a replay returns the stored response.
func (s *Service) Book(ctx context.Context, key string, in BookInput) (Appointment, error) {
	if key == "" {
		return Appointment{}, idempotency.ErrMissingKey
	}
	if in.SlotMinutes == 0 {
		in.SlotMinutes = 30
	}
	if !in.SlotStart.After(s.now()) {
		return Appointment{}, fmt.Errorf("%w: slot is in the past", ErrInvalidState)
	}
	var out Appointment
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		prior, fresh, err := s.keys.Claim(ctx, scopeBook, key, idempotency.Hash(in))
		if err != nil {
			return err
		}
		if !fresh {
			return json.Unmarshal(prior, &out)
		}
		out = Appointment{
			ID:           ids.NewUUID(),
			PatientID:    in.PatientID,
			ClinicianID:  in.ClinicianID,
			SlotStart:    in.SlotStart.UTC(),
			SlotMinutes:  in.SlotMinutes,
			Status:       StatusBooked,
			Reason:       in.Reason,
			DepositCents: s.billing.DepositCents,
		}
		if err := s.repo.Insert(ctx, out); err != nil {
			return err
		}
		if err := s.outbox.Write(ctx, events.TopicAppointmentBooked, events.AppointmentBooked{
			AppointmentID: out.ID, PatientID: out.PatientID,
			ClinicianID: out.ClinicianID, SlotStart: out.SlotStart,
		}); err != nil {
			return err
		}
		return s.keys.Complete(ctx, scopeBook, key, out)
	})
	return out, err
}

func (s *Service) Get(ctx context.Context, id string) (Appointment, error) {
	return s.repo.Get(ctx, id)
}

// Cancel cancels an active appointment and refunds the deposit according to
// the refund window.
func (s *Service) Cancel(ctx context.Context, id, reason string) (Appointment, error) {
	a, err := s.repo.Get(ctx, id)
	if err != nil {
		return a, err
	}
	if a.Status == StatusCancelled {
		return a, nil
	}
	if !a.Active() {
		return a, ErrInvalidState
	}

	var refund *RefundRecord
	dep, ok, err := s.deposits.SucceededDeposit(ctx, a.ID)
	if err != nil {
		return a, err
	}
	if ok {
		if amount := s.refundable(a, dep.AmountCents); amount > 0 {
			r, err := s.refunds.Refund(ctx, payments.RefundRequest{
				PaymentIntentID: dep.ProviderRef,
				AmountCents:     amount,
				Reason:          string(stripe.RefundReasonRequestedByCustomer),
				Metadata:        map[string]string{"appointment_id": a.ID},
			})
			if err != nil {
				return a, fmt.Errorf("refund deposit: %w", err)
			}
			refund = &RefundRecord{
				ID:               ids.NewUUID(),
				PaymentAttemptID: dep.PaymentAttemptID,
				RequestID:        "cancel",
				AmountCents:      amount,
				Status:           string(r.Status),
				ProviderRef:      r.ID,
				Reason:           reason,
			}
		}
	}

	err = s.tx.RunInTx(ctx, func(ctx context.Context) error {
		if err := s.repo.UpdateStatus(ctx, a.ID, StatusCancelled); err != nil {
			return err
		}
		ev := events.AppointmentCancelled{AppointmentID: a.ID, Reason: reason}
		if refund != nil {
			if err := s.repo.RecordRefund(ctx, *refund); err != nil {
				return err
			}
			ev.RefundedCents = refund.AmountCents
		}
		return s.outbox.Write(ctx, events.TopicAppointmentCancelled, ev)
	})
	if err != nil {
		return a, err
	}
	a.Status = StatusCancelled
	return a, nil
}

// refundable returns the refundable part of the deposit: all of it when the
// cancellation is early enough, half otherwise.
func (s *Service) refundable(a Appointment, deposit int64) int64 {
	if a.SlotStart.Sub(s.now()) >= s.billing.FullRefundWindow {
		return deposit
	}
	return deposit / 2
}

// MarkNoShow flags a missed appointment and schedules the fee and the
// follow-up message. Re-running it is harmless: the transition is
// conditional and the tasks carry ids derived from the appointment.
func (s *Service) MarkNoShow(ctx context.Context, id string) (Appointment, error) {
	a, err := s.repo.Get(ctx, id)
	if err != nil {
		return a, err
	}
	switch {
	case a.Active():
		changed, err := s.repo.TransitionStatus(ctx, id, []Status{StatusBooked, StatusConfirmed}, StatusNoShow)
		if err != nil {
			return a, err
		}
		if !changed {
			if a, err = s.repo.Get(ctx, id); err != nil {
				return a, err
			}
			if a.Status != StatusNoShow {
				return a, ErrInvalidState
			}
		}
		a.Status = StatusNoShow
	case a.Status == StatusNoShow:
		// already marked; make sure the follow-up work is queued
	default:
		return a, ErrInvalidState
	}

	payload := jobs.AppointmentPayload{AppointmentID: a.ID}
	for _, spec := range []struct {
		typ   string
		delay time.Duration
	}{
		{jobs.TypeNoShowFee, 15 * time.Minute},
		{jobs.TypeNoShowFollowUp, time.Hour},
	} {
		task, err := jobs.NewTask(spec.typ, payload)
		if err != nil {
			return a, err
		}
		if err := jobs.EnqueueOnce(ctx, s.jobs, task,
			asynq.TaskID(ids.Derive(spec.typ, a.ID)),
			asynq.ProcessIn(spec.delay),
		); err != nil {
			return a, fmt.Errorf("enqueue %s: %w", spec.typ, err)
		}
	}
	return a, nil
}

// IsConflict reports errors that map to 409.
func IsConflict(err error) bool {
	return errors.Is(err, ErrSlotTaken) || errors.Is(err, ErrInvalidState) || errors.Is(err, idempotency.ErrKeyReused)
}

// Booking is the application API used by the HTTP layer.
type Booking interface {
	Book(ctx context.Context, key string, in BookInput) (Appointment, error)
	Cancel(ctx context.Context, id, reason string) (Appointment, error)
	Get(ctx context.Context, id string) (Appointment, error)
}

type bookCommand struct {
	Key   string
	Input BookInput
}

type Handler struct {
	svc  Booking
	book command.Handler[bookCommand, Appointment]
}

func NewHandler(svc Booking, log *slog.Logger, m *command.Metrics) *Handler {
	book := command.Func[bookCommand, Appointment](func(ctx context.Context, c bookCommand) (Appointment, error) {
		return svc.Book(ctx, c.Key, c.Input)
	})
	return &Handler{
		svc:  svc,
		book: command.Decorate("appointments.book", log, m, command.Handler[bookCommand, Appointment](book)),
	}
}

func (h *Handler) RegisterPublic(r gin.IRouter) {
	g := r.Group("/v1/appointments")
	g.POST("", h.create)
	g.GET("/:id", h.get)
	g.POST("/:id/cancel", h.cancel)
}

func (h *Handler) create(c *gin.Context) {
	var in BookInput
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	a, err := h.book.Handle(c.Request.Context(), bookCommand{Key: c.GetHeader("Idempotency-Key"), Input: in})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, a)
}

func (h *Handler) get(c *gin.Context) {
	a, err := h.svc.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, a)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func (h *Handler) cancel(c *gin.Context) {
	var req cancelRequest
	_ = c.ShouldBindJSON(&req)
	a, err := h.svc.Cancel(c.Request.Context(), c.Param("id"), req.Reason)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, a)
}

func writeError(c *gin.Context, err error) {
	switch {
	case errors.Is(err, ErrNotFound):
		c.JSON(http.StatusNotFound, gin.H{"error": err.Error()})
	case errors.Is(err, idempotency.ErrMissingKey):
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
	case IsConflict(err):
		c.JSON(http.StatusConflict, gin.H{"error": err.Error()})
	default:
		_ = c.Error(err)
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
	}
}
