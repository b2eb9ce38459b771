package services

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/jobargs"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

type LabService struct {
	tx            ports.TxRunner
	labs          ports.LabRepository
	appts         ports.AppointmentRepository
	pets          ports.PetRepository
	owners        ports.OwnerRepository
	notifications ports.NotificationRepository
	keys          ports.IdempotencyStore
	lab           ports.LabGateway
	mailer        ports.Mailer
	queue         ports.JobQueue
	log           *slog.Logger
	now           func() time.Time
}

func NewLabService(
	tx ports.TxRunner,
	labs ports.LabRepository,
	appts ports.AppointmentRepository,
	pets ports.PetRepository,
	owners ports.OwnerRepository,
	notifications ports.NotificationRepository,
	keys ports.IdempotencyStore,
	lab ports.LabGateway,
	mailer ports.Mailer,
	queue ports.JobQueue,
	settings Settings,
) *LabService {
	return &LabService{
		tx: tx, labs: labs, appts: appts, pets: pets, owners: owners,
		notifications: notifications, keys: keys, lab: lab, mailer: mailer, queue: queue,
		log: settings.logger(), now: settings.clock(),
	}
}

type LabOrderRequest struct {
	AppointmentID string   `json:"appointment_id"`
	OrderedBy     string   `json:"ordered_by"`
	Tests         []string `json:"tests"`
	Priority      string   `json:"priority"`
}

func normalizeCodes(codes []string) []string {
	out := make([]string, 0, len(codes))
	for _, c := range codes {
		c = strings.ToUpper(strings.TrimSpace(c))
		if c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// CreateOrder records a lab order for a visit and queues its submission to
// the reference lab.
func (s *LabService) CreateOrder(ctx context.Context, key string, req LabOrderRequest) (domain.LabOrder, bool, error) {
	const op errs.Op = "labs.CreateOrder"
	req.Tests = normalizeCodes(req.Tests)
	if len(req.Tests) == 0 || req.AppointmentID == "" || req.OrderedBy == "" {
		return domain.LabOrder{}, false, errs.E(op, errs.Invalid, "appointment_id, ordered_by and tests are required")
	}
	if req.Priority == "" {
		req.Priority = "routine"
	}
	order, replayed, err := Keyed(ctx, s.tx, s.keys, "lab_orders.create", key, req,
		func(ctx context.Context) (domain.LabOrder, error) {
			appt, err := s.appts.Get(ctx, req.AppointmentID)
			if err != nil {
				return domain.LabOrder{}, err
			}
			o := domain.LabOrder{
				ID:            ids.New(),
				AppointmentID: appt.ID,
				PetID:         appt.PetID,
				ClinicID:      appt.ClinicID,
				OrderedBy:     req.OrderedBy,
				Tests:         req.Tests,
				Priority:      req.Priority,
				Status:        domain.LabOrderPending,
			}
			if err := s.labs.Insert(ctx, o); err != nil {
				return domain.LabOrder{}, err
			}
			if err := s.queue.Enqueue(ctx, jobargs.SubmitLabOrder{LabOrderID: o.ID},
				ports.InQueue(jobargs.QueuePartners)); err != nil {
				return domain.LabOrder{}, err
			}
			return s.labs.Get(ctx, o.ID)
		})
	return order, replayed, errs.Wrap(op, err)
}

// Submit sends a pending order to the reference lab. The order ID is the
// lab's client_order_id.
func (s *LabService) Submit(ctx context.Context, orderID string) error {
	const op errs.Op = "labs.Submit"
	o, err := s.labs.Get(ctx, orderID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	if o.Status != domain.LabOrderPending {
		return nil
	}
	pet, err := s.pets.Get(ctx, o.PetID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	rcpt, err := s.lab.SubmitRequisition(ctx, ports.Requisition{
		ClientOrderID: o.ID,
		PatientName:   pet.Name,
		Species:       pet.Species,
		Tests:         o.Tests,
		Priority:      o.Priority,
		OrderedBy:     o.OrderedBy,
	})
	if err != nil {
		return errs.Wrap(op, err)
	}
	return errs.Wrap(op, s.labs.MarkSubmitted(ctx, o.ID, rcpt.RequisitionID, s.now()))
}

// AddTests adds tests to an order that is already at the lab, using the
// sample the lab holds.
func (s *LabService) AddTests(ctx context.Context, orderID string, codes []string, staffID string) (domain.LabOrder, error) {
	const op errs.Op = "labs.AddTests"
	codes = normalizeCodes(codes)
	if len(codes) == 0 {
		return domain.LabOrder{}, errs.E(op, errs.Invalid, "tests are required")
	}
	o, err := s.labs.Get(ctx, orderID)
	if err != nil {
		return domain.LabOrder{}, errs.Wrap(op, err)
	}
	if !o.RequisitionID.Valid {
		return domain.LabOrder{}, errs.E(op, errs.Precondition, "order has not reached the lab yet")
	}
	codes = slices.DeleteFunc(codes, func(c string) bool { return slices.Contains(o.Tests, c) })
	if len(codes) == 0 {
		return o, nil
	}

	if err := s.lab.AddTests(ctx, o.RequisitionID.String, codes); err != nil {
		return domain.LabOrder{}, errs.Wrap(op, err)
	}

	addons := make([]domain.LabOrderAddon, 0, len(codes))
	for _, c := range codes {
		addons = append(addons, domain.LabOrderAddon{
			ID: ids.New(), LabOrderID: o.ID, TestCode: c, AddedBy: staffID,
		})
	}
	err = s.tx.WithTx(ctx, func(ctx context.Context) error {
		return s.labs.InsertAddons(ctx, addons)
	})
	if err != nil {
		return domain.LabOrder{}, errs.Wrap(op, err)
	}
	return s.labs.Get(ctx, o.ID)
}

// ResultPayload is a result pushed by the reference lab.
type ResultPayload struct {
	ResultID      string          `json:"result_id"`
	RequisitionID string          `json:"requisition_id"`
	Status        string          `json:"status"`
	Abnormal      bool            `json:"abnormal"`
	Raw           json.RawMessage `json:"-"`
}

// IngestResult stores a lab result and queues the owner notification.
func (s *LabService) IngestResult(ctx context.Context, p ResultPayload) error {
	const op errs.Op = "labs.IngestResult"
	if p.ResultID == "" || p.RequisitionID == "" {
		return errs.E(op, errs.Invalid, "result_id and requisition_id are required")
	}
	err := s.tx.WithTx(ctx, func(ctx context.Context) error {
		o, err := s.labs.ByRequisition(ctx, p.RequisitionID)
		if err != nil {
			return err
		}
		r := domain.LabResult{
			ID:          ids.New(),
			LabResultID: p.ResultID,
			LabOrderID:  o.ID,
			Status:      p.Status,
			Abnormal:    p.Abnormal,
			Payload:     p.Raw,
		}
		if err := s.labs.InsertResult(ctx, r); err != nil {
			return err
		}
		if p.Status == "final" {
			if err := s.labs.SetStatus(ctx, o.ID, domain.LabOrderResulted); err != nil {
				return err
			}
		}
		return s.queue.Enqueue(ctx, jobargs.NotifyLabResult{LabResultID: r.ID},
			ports.InQueue(jobargs.QueueMessaging))
	})
	return errs.Wrap(op, err)
}

// NotifyResult e-mails the owner that a result is available in the portal.
func (s *LabService) NotifyResult(ctx context.Context, resultID string) error {
	const op errs.Op = "labs.NotifyResult"
	r, err := s.labs.GetResult(ctx, resultID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	sent, err := s.notifications.Exists(ctx, "lab_result", r.ID, "email")
	if err != nil || sent {
		return errs.Wrap(op, err)
	}
	o, err := s.labs.Get(ctx, r.LabOrderID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	pet, err := s.pets.Get(ctx, o.PetID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	owner, err := s.owners.Get(ctx, pet.OwnerID)
	if err != nil {
		return errs.Wrap(op, err)
	}
	subject := fmt.Sprintf("%s's lab results are ready", pet.Name)
	if r.Status != "final" {
		subject = fmt.Sprintf("Preliminary lab results for %s", pet.Name)
	}
	if _, err := s.mailer.Send(ctx, ports.Email{
		To:      owner.Email,
		Subject: subject,
		HTML:    labResultHTML(owner.FullName, pet.Name, r.Abnormal),
		Tags:    []string{"lab-result"},
	}); err != nil {
		return errs.Wrap(op, err)
	}
	return errs.Wrap(op, s.notifications.Record(ctx, domain.Notification{
		ID:        ids.New(),
		Kind:      "lab_result",
		RefID:     r.ID,
		Channel:   "email",
		Recipient: owner.Email,
	}))
}

func labResultHTML(owner, pet string, abnormal bool) string {
	note := "Everything is within normal ranges."
	if abnormal {
		note = "Your veterinarian will call you to talk through a few values."
	}
	return fmt.Sprintf("<p>Hi %s,</p><p>%s's results are in your PawPath portal. %s</p>", owner, pet, note)
}

// PollStatuses refreshes the lab-side status of submitted orders.
func (s *LabService) PollStatuses(ctx context.Context, batch int) (int, error) {
	const op errs.Op = "labs.PollStatuses"
	orders, err := s.labs.Outstanding(ctx, batch)
	if err != nil {
		return 0, errs.Wrap(op, err)
	}
	n := 0
	for _, o := range orders {
		st, err := s.lab.Status(ctx, o.RequisitionID.String)
		if err != nil {
			s.log.WarnContext(ctx, "lab status", "order", o.ID, "err", err)
			continue
		}
		if err := s.labs.SetLabStatus(ctx, o.ID, st, s.now()); err != nil {
			return n, errs.Wrap(op, err)
		}
		if st == "rejected" {
			if err := s.labs.SetStatus(ctx, o.ID, domain.LabOrderRejected); err != nil {
				return n, errs.Wrap(op, err)
			}
		}
		n++
	}
	return n, nil
}
