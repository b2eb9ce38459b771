package prescriptions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"

	"github.com/acme/clinic/internal/appointments"
	"github.com/acme/clinic/internal/patients"
	"github.com/acme/clinic/internal/platform/ids"
	"github.com/acme/clinic/internal/platform/jobs"
	"github.com/acme/clinic/internal/provider/httpclient"
	"github.com/acme/clinic/internal/provider/rxnet"
)

var ErrNotRenewable = errors.New("prescription cannot be renewed")

// Network is the RxNet surface used here.
type Network interface {
	Send(ctx context.Context, p rxnet.Prescription, opts ...httpclient.Option) (rxnet.Result, error)
	SendRenewal(ctx context.Context, r rxnet.Renewal, opts ...httpclient.Option) (rxnet.Result, error)
}

// Prescribers resolves a clinician's NPI.
type Prescribers interface {
	NPI(ctx context.Context, clinicianID string) (string, error)
}

type Service struct {
	repo        Repository
	appts       appointments.Repository
	patients    patients.Directory
	prescribers Prescribers
	rx          Network
	jobs        jobs.Enqueuer
}

func NewService(repo Repository, appts appointments.Repository, dir patients.Directory, pr Prescribers, rx Network, enq jobs.Enqueuer) *Service {
	return &Service{repo: repo, appts: appts, patients: dir, prescribers: pr, rx: rx, jobs: enq}
}

type IssueInput struct {
	AppointmentID  string `json:"appointment_id" binding:"required"`
	MedicationCode string `json:"medication_code" binding:"required"`
	Sig            string `json:"sig" binding:"required"`
	Quantity       int    `json:"quantity" binding:"required,min=1"`
	Refills        int    `json:"refills"`
	PharmacyNCPDP  string `json:"pharmacy_ncpdp" binding:"required"`
}

// Issue records the prescription as pending (unique per appointment and
// medication) and then transmits it, keyed by the prescription id.
func (s *Service) Issue(ctx context.Context, in IssueInput) (Prescription, error) {
	appt, err := s.appts.Get(ctx, in.AppointmentID)
	if err != nil {
		return Prescription{}, err
	}
	if err := s.repo.InsertPending(ctx, Prescription{
		ID:             ids.NewUUID(),
		AppointmentID:  appt.ID,
		ClinicianID:    appt.ClinicianID,
		PatientID:      appt.PatientID,
		MedicationCode: in.MedicationCode,
		Sig:            in.Sig,
		Quantity:       in.Quantity,
		Refills:        in.Refills,
		PharmacyNCPDP:  in.PharmacyNCPDP,
	}); err != nil {
		return Prescription{}, err
	}
	rx, err := s.repo.GetByNaturalKey(ctx, appt.ID, in.MedicationCode)
	if err != nil {
		return rx, err
	}
	if rx.Status == StatusSent {
		return rx, nil
	}
	req, err := s.toRxNet(ctx, rx)
	if err != nil {
		return rx, err
	}
	res, err := s.rx.Send(ctx, req, httpclient.WithIdempotencyKey(rx.ID))
	if err != nil {
		return rx, fmt.Errorf("rxnet send: %w", err)
	}
	if err := s.repo.MarkSent(ctx, rx.ID, res.Ref); err != nil {
		return rx, err
	}
	rx.Status, rx.RxNetRef = StatusSent, res.Ref
	return rx, nil
}

type RenewInput struct {
	Quantity    int    `json:"quantity" binding:"required,min=1"`
	RequestedBy string `json:"requested_by" binding:"required"`
}

// Renew records a renewal request and hands transmission to the worker.
func (s *Service) Renew(ctx context.Context, prescriptionID string, in RenewInput) (Renewal, error) {
	rx, err := s.repo.Get(ctx, prescriptionID)
	if err != nil {
		return Renewal{}, err
	}
	if rx.Status != StatusSent || rx.RxNetRef == "" {
		return Renewal{}, ErrNotRenewable
	}
	rn := Renewal{
		ID:             ids.NewUUID(),
		PrescriptionID: rx.ID,
		Quantity:       in.Quantity,
		RequestedBy:    in.RequestedBy,
		Status:         StatusPending,
	}
	if err := s.repo.InsertRenewal(ctx, rn); err != nil {
		return Renewal{}, err
	}
	task, err := jobs.NewTask(jobs.TypeRxTransmit, transmitPayload{RenewalID: rn.ID})
	if err != nil {
		return rn, err
	}
	if err := jobs.EnqueueOnce(ctx, s.jobs, task, asynq.TaskID("rx-renewal-"+rn.ID), jobs.Critical()); err != nil {
		return rn, err
	}
	return rn, nil
}

func (s *Service) toRxNet(ctx context.Context, rx Prescription) (rxnet.Prescription, error) {
	npi, err := s.prescribers.NPI(ctx, rx.ClinicianID)
	if err != nil {
		return rxnet.Prescription{}, err
	}
	c, err := s.patients.Contact(ctx, rx.PatientID)
	if err != nil {
		return rxnet.Prescription{}, err
	}
	return rxnet.Prescription{
		PrescriberNPI:  npi,
		PatientRef:     rx.PatientID,
		PatientName:    c.FullName,
		MedicationCode: rx.MedicationCode,
		Sig:            rx.Sig,
		Quantity:       rx.Quantity,
		Refills:        rx.Refills,
		PharmacyNCPDP:  rx.PharmacyNCPDP,
	}, nil
}

// Prescribing is the application API used by the HTTP layer.
type Prescribing interface {
	Issue(ctx context.Context, in IssueInput) (Prescription, error)
	Renew(ctx context.Context, prescriptionID string, in RenewInput) (Renewal, error)
}

type Handler struct {
	svc Prescribing
}

func NewHandler(svc Prescribing) *Handler { return &Handler{svc: svc} }

func (h *Handler) RegisterPublic(r gin.IRouter) {
	r.POST("/v1/prescriptions", h.issue)
	r.POST("/v1/prescriptions/:id/renewals", h.renew)
}

func (h *Handler) issue(c *gin.Context) {
	var in IssueInput
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	rx, err := h.svc.Issue(c.Request.Context(), in)
	if err != nil {
		respond(c, err)
		return
	}
	c.JSON(http.StatusCreated, rx)
}

func (h *Handler) renew(c *gin.Context) {
	var in RenewInput
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	rn, err := h.svc.Renew(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		respond(c, err)
		return
	}
	c.JSON(http.StatusAccepted, rn)
}

func respond(c *gin.Context, err error) {
	switch {
	case errors.Is(err, ErrNotFound), errors.Is(err, appointments.ErrNotFound):
		c.JSON(http.StatusNotFound, gin.H{"error": err.Error()})
	case errors.Is(err, ErrNotRenewable):
		c.JSON(http.StatusConflict, gin.H{"error": err.Error()})
	default:
		_ = c.Error(err)
		c.JSON(http.StatusBadGateway, gin.H{"error": "could not transmit prescription"})
	}
}

// ClinicianDirectory resolves clinician NPIs.
type ClinicianDirectory struct {
	db *sql.DB
}

func NewClinicianDirectory(db *sql.DB) *ClinicianDirectory { return &ClinicianDirectory{db: db} }

func (d *ClinicianDirectory) NPI(ctx context.Context, clinicianID string) (string, error) {
	var npi string
	err := d.db.QueryRowContext(ctx, `SELECT npi FROM clinicians WHERE id = $1`, clinicianID).Scan(&npi)
	return npi, err
}

type transmitPayload struct {
	RenewalID string `json:"renewal_id"`
}

type Tasks struct {
	repo Repository
	rx   Network
}

func NewTasks(repo Repository, rx Network) *Tasks { return &Tasks{repo: repo, rx: rx} }

func (t *Tasks) Handlers() []jobs.TaskHandler {
	return []jobs.TaskHandler{{Type: jobs.TypeRxTransmit, Fn: t.transmitRenewal}}
}

func (t *Tasks) transmitRenewal(ctx context.Context, task *asynq.Task) error {
	p, err := jobs.Decode[transmitPayload](task)
	if err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	rn, err := t.repo.GetRenewal(ctx, p.RenewalID)
	if err != nil {
		return err
	}
	if rn.Status == StatusSent {
		return nil
	}
	orig, err := t.repo.Get(ctx, rn.PrescriptionID)
	if err != nil {
		return err
	}
	res, err := t.rx.SendRenewal(ctx, rxnet.Renewal{
		OriginalRef: orig.RxNetRef,
		Quantity:    rn.Quantity,
		Note:        "renewal requested by " + rn.RequestedBy,
	})
	if err != nil {
		return fmt.Errorf("rxnet renewal: %w", err)
	}
	return t.repo.MarkRenewalSent(ctx, rn.ID, res.Ref)
}
