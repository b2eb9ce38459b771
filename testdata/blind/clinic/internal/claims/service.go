package claims

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/acme/clinic/internal/appointments"
	"github.com/acme/clinic/internal/platform/gormrepo"
	"github.com/acme/clinic/internal/platform/ids"
	"github.com/acme/clinic/internal/platform/jobs"
	"github.com/acme/clinic/internal/provider/clearinghouse"
)

// Clearinghouse is the subset of the clearinghouse client used here.
type Clearinghouse interface {
	Submit(ctx context.Context, s clearinghouse.Submission) (clearinghouse.Response, error)
	Resubmit(ctx context.Context, s clearinghouse.Submission) (clearinghouse.Response, error)
}

type Service struct {
	db          *gorm.DB
	claims      *gormrepo.Repository[Claim]
	submissions *gormrepo.Repository[Submission]
	appts       appointments.Repository
	ch          Clearinghouse
	jobs        jobs.Enqueuer
	build       func(ctx context.Context, c Claim) (clearinghouse.Submission, error)
	replacement func(ctx context.Context, c Claim) (clearinghouse.Submission, error)
	log         *slog.Logger
}

func NewService(db *gorm.DB, appts appointments.Repository, npis NPILookup, ch Clearinghouse, enq jobs.Enqueuer, log *slog.Logger) *Service {
	b := builder{appts: appts, npis: npis}
	return &Service{
		db:          db,
		claims:      gormrepo.New[Claim](db),
		submissions: gormrepo.New[Submission](db),
		appts:       appts,
		ch:          ch,
		jobs:        enq,
		build:       b.build,
		replacement: b.base,
		log:         log,
	}
}

type OpenInput struct {
	AppointmentID string `json:"appointment_id" binding:"required"`
	PayerID       string `json:"payer_id" binding:"required"`
	MemberID      string `json:"member_id" binding:"required"`
	Lines         []Line `json:"lines" binding:"required,min=1"`
}

// Open creates the claim for an appointment (one per appointment) and queues
// its submission under a task id derived from the claim.
func (s *Service) Open(ctx context.Context, in OpenInput) (Claim, error) {
	appt, err := s.appts.Get(ctx, in.AppointmentID)
	if err != nil {
		return Claim{}, err
	}
	if appt.Status != appointments.StatusCompleted && appt.Status != appointments.StatusConfirmed {
		return Claim{}, ErrInvalidState
	}
	lines, err := json.Marshal(in.Lines)
	if err != nil {
		return Claim{}, err
	}
	var total int64
	for _, l := range in.Lines {
		total += l.ChargeCents * int64(max(l.Units, 1))
	}
	c := Claim{
		ID:            ids.NewUUID(),
		AppointmentID: appt.ID,
		PayerID:       in.PayerID,
		MemberID:      in.MemberID,
		Lines:         lines,
		TotalCents:    total,
		Status:        StatusDraft,
	}
	if _, err := s.claims.CreateIfAbsent(ctx, &c, "appointment_id"); err != nil {
		return Claim{}, err
	}
	if c, err = s.claims.FindOne(ctx, "appointment_id = ?", appt.ID); err != nil {
		return Claim{}, err
	}
	if c.Status != StatusDraft {
		return c, nil
	}
	task, err := jobs.NewTask(jobs.TypeClaimSubmit, submitPayload{ClaimID: c.ID})
	if err != nil {
		return c, err
	}
	return c, jobs.EnqueueOnce(ctx, s.jobs, task, asynq.TaskID("claim-submit:"+c.ID), asynq.MaxRetry(8))
}

// Resubmit sends a replacement claim for a denied claim (billing staff action).
func (s *Service) Resubmit(ctx context.Context, claimID string) (Claim, error) {
	c, err := s.claims.Get(ctx, claimID)
	if errors.Is(err, gormrepo.ErrNotFound) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, err
	}
	if c.Status != StatusDenied || c.ClearinghouseRef == nil {
		return c, ErrInvalidState
	}
	sub, err := s.replacement(ctx, c)
	if err != nil {
		return c, err
	}
	sub.OriginalClaimRef = *c.ClearinghouseRef
	resp, err := s.ch.Resubmit(ctx, sub)
	if err != nil {
		return c, fmt.Errorf("clearinghouse resubmit: %w", err)
	}
	c.Status = StatusResubmitted
	c.ClearinghouseRef = &resp.ClaimRef
	if err := s.claims.Save(ctx, &c); err != nil {
		return c, err
	}
	if err := s.submissions.Create(ctx, &Submission{
		ID: ids.NewUUID(), ClaimID: c.ID, Kind: "replacement", ClearinghouseRef: resp.ClaimRef,
	}); err != nil {
		return c, err
	}
	return c, nil
}

// Claims is the application API used by the public HTTP layer.
type Claims interface {
	Open(ctx context.Context, in OpenInput) (Claim, error)
}

type Handler struct {
	svc Claims
}

func NewHandler(svc Claims) *Handler { return &Handler{svc: svc} }

func (h *Handler) RegisterPublic(r gin.IRouter) {
	r.POST("/v1/claims", h.open)
}

func (h *Handler) open(c *gin.Context) {
	var in OpenInput
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	claim, err := h.svc.Open(c.Request.Context(), in)
	switch {
	case err == nil:
		c.JSON(http.StatusAccepted, gin.H{"id": claim.ID, "status": claim.Status, "total_cents": claim.TotalCents})
	case errors.Is(err, appointments.ErrNotFound):
		c.JSON(http.StatusNotFound, gin.H{"error": err.Error()})
	case errors.Is(err, ErrInvalidState):
		c.JSON(http.StatusConflict, gin.H{"error": err.Error()})
	default:
		_ = c.Error(err)
		c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
	}
}
