// Package provisioning manages the eSIM profile lifecycle at the carriers:
// reservation, download activation, install, suspension, reissue and expiry.
package provisioning

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"

	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/providers/carriers"
	"github.com/globetrek/esim-platform/internal/service/notify"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

var (
	ErrNotFound           = errors.New("provisioning: esim not found")
	ErrBadState           = errors.New("provisioning: esim is not in a state that allows this")
	ErrKeyRequired        = errors.New("provisioning: idempotency key required")
	ErrReissueUnsupported = errors.New("provisioning: carrier does not support reissue")
	ErrConcurrentReissue  = errors.New("provisioning: esim was reissued concurrently")
)

// Notifier is what provisioning needs from the notification service.
type Notifier interface {
	SMS(ctx context.Context, customerID, template string, vars map[string]string) error
	Push(ctx context.Context, customerID, messageID, template string, vars map[string]string) error
	Once(ctx context.Context, kind, subjectID, channel string, send func(ctx context.Context, notificationID string) error) error
}

// Service is the provisioning workflow.
type Service struct {
	db       *store.DB
	carriers *carriers.Registry
	tasks    tasks.Enqueuer
	notify   Notifier
	log      *slog.Logger
	now      func() time.Time
}

// New returns a provisioning service.
func New(db *store.DB, reg *carriers.Registry, q tasks.Enqueuer, n Notifier, log *slog.Logger) *Service {
	return &Service{db: db, carriers: reg, tasks: q, notify: n, log: log, now: time.Now}
}

// Reserve reserves a profile at the order's carrier. The eSIM row is created
// first, keyed by order, and its ID is the carrier reference.
func (s *Service) Reserve(ctx context.Context, orderID string) error {
	o, err := s.db.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	switch o.Status {
	case model.OrderAuthorised, model.OrderCapturing, model.OrderPaid:
	default:
		s.log.InfoContext(ctx, "skip reservation", "order", o.ID, "status", o.Status)
		return nil
	}
	plan, err := s.db.Plans.Get(ctx, o.PlanSKU)
	if err != nil {
		return err
	}
	now := s.now().UTC()
	fresh := &model.Esim{
		ID:             uuid.NewString(),
		OrderID:        o.ID,
		CustomerID:     o.CustomerID,
		Carrier:        o.Carrier,
		PlanSKU:        o.PlanSKU,
		Status:         model.EsimReserving,
		DataLimitBytes: plan.DataBytes,
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	if _, err := s.db.Esims.InsertIgnore(ctx, fresh); err != nil {
		return err
	}
	e, err := s.db.Esims.Find(ctx, "by_order", o.ID)
	if err != nil {
		return err
	}
	if e.Status != model.EsimReserving {
		return s.tasks.Enqueue(ctx, tasks.ActivateEsim(e.ID, e.ReissueCount))
	}

	c, err := s.carriers.Get(e.Carrier)
	if err != nil {
		return err
	}
	p, err := c.ReserveProfile(ctx, carriers.ReserveRequest{
		PlanSKU:   plan.SKU,
		Region:    plan.Region,
		DataBytes: plan.DataBytes,
		Days:      plan.ValidityDays,
		Reference: e.ID,
	})
	if err != nil {
		return fmt.Errorf("reserve at %s: %w", c.Code(), err)
	}
	if p.Pending {
		s.log.InfoContext(ctx, "reservation pending at carrier", "esim", e.ID, "carrier", c.Code())
		return nil
	}
	return s.ConfirmReservation(ctx, e.ID, p.ICCID, p.ActivationCode)
}

// ConfirmReservation stores the reserved profile and queues its activation.
func (s *Service) ConfirmReservation(ctx context.Context, esimID, iccid, activationCode string) error {
	if _, err := s.db.Esims.Exec(ctx, "mark_reserved", esimID, iccid, activationCode); err != nil {
		return err
	}
	e, err := s.db.Esims.Get(ctx, esimID)
	if err != nil {
		return err
	}
	if e.Status != model.EsimReserved {
		s.log.WarnContext(ctx, "reservation confirmed for esim in unexpected state", "esim", e.ID, "status", e.Status)
		return nil
	}
	return s.tasks.Enqueue(ctx, tasks.ActivateEsim(e.ID, e.ReissueCount))
}

// Activate releases the reserved profile for download and tells the
// traveller it is ready.
func (s *Service) Activate(ctx context.Context, esimID string) error {
	e, err := s.db.Esims.Get(ctx, esimID)
	if err != nil {
		return err
	}
	if e.Status != model.EsimReserved || e.ICCID == nil {
		return nil
	}
	c, err := s.carriers.Get(e.Carrier)
	if err != nil {
		return err
	}
	requestID := ulid.Make().String()
	act, err := c.ActivateProfile(ctx, carriers.ActivateRequest{ICCID: *e.ICCID, Reference: requestID})
	if err != nil {
		return fmt.Errorf("activate %s at %s: %w", *e.ICCID, c.Code(), err)
	}
	s.log.InfoContext(ctx, "profile activated", "esim", e.ID, "request_id", requestID,
		"activation", act.ActivationID, "valid_until", act.ValidUntil)
	return s.tasks.Enqueue(ctx, tasks.ProfileReady(e.ID, e.ReissueCount))
}

// NotifyReady pushes the install instructions to the traveller once per
// profile generation.
func (s *Service) NotifyReady(ctx context.Context, esimID string) error {
	e, err := s.db.Esims.Get(ctx, esimID)
	if err != nil {
		return err
	}
	plan, err := s.db.Plans.Get(ctx, e.PlanSKU)
	if err != nil {
		return err
	}
	subject := e.ID + ":" + strconv.Itoa(int(e.ReissueCount))
	return s.notify.Once(ctx, notify.TplProfileReady, subject, "push", func(ctx context.Context, notificationID string) error {
		err := s.notify.Push(ctx, e.CustomerID, notificationID, notify.TplProfileReady, map[string]string{"plan": plan.Name})
		if errors.Is(err, notify.ErrNoPushToken) {
			s.log.InfoContext(ctx, "no device registered, install instructions stay in app", "esim", e.ID)
			return nil
		}
		return err
	})
}

// Installed records that the traveller installed the profile, starts the
// plan's validity and queues the capture of the payment.
func (s *Service) Installed(ctx context.Context, iccid string, at time.Time) error {
	e, err := s.db.Esims.Find(ctx, "by_iccid", iccid)
	if err != nil {
		return err
	}
	switch e.Status {
	case model.EsimInstalled:
		return s.tasks.Enqueue(ctx, tasks.CaptureOrder(e.OrderID))
	case model.EsimReserved:
	default:
		s.log.WarnContext(ctx, "install reported for esim in unexpected state", "esim", e.ID, "status", e.Status)
		return nil
	}
	plan, err := s.db.Plans.Get(ctx, e.PlanSKU)
	if err != nil {
		return err
	}
	if err := s.notify.SMS(ctx, e.CustomerID, notify.TplPlanLive, map[string]string{"plan": plan.Name}); err != nil {
		return err
	}
	expires := at.Add(time.Duration(plan.ValidityDays) * 24 * time.Hour)
	if _, err := s.db.Esims.Exec(ctx, "mark_installed", e.ID, at, expires); err != nil {
		return err
	}
	return s.tasks.Enqueue(ctx, tasks.CaptureOrder(e.OrderID))
}

// Deleted records that the traveller removed the profile from the device.
func (s *Service) Deleted(ctx context.Context, iccid string) error {
	e, err := s.db.Esims.Find(ctx, "by_iccid", iccid)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.db.Esims.Exec(ctx, "set_status", e.ID,
		[]string{model.EsimReserved, model.EsimInstalled, model.EsimSuspended, model.EsimExpired}, model.EsimDeleted)
	return err
}

// SetSuspended suspends or resumes the traveller's line.
func (s *Service) SetSuspended(ctx context.Context, esimID, customerID string, suspend bool) (*model.Esim, error) {
	e, err := s.owned(ctx, esimID, customerID)
	if err != nil {
		return nil, err
	}
	if e.ICCID == nil {
		return nil, ErrBadState
	}
	state, from, to := carriers.LineActive, model.EsimSuspended, model.EsimInstalled
	if suspend {
		state, from, to = carriers.LineSuspended, model.EsimInstalled, model.EsimSuspended
	}
	if e.Status == to {
		return e, nil
	}
	if e.Status != from {
		return nil, ErrBadState
	}
	c, err := s.carriers.Get(e.Carrier)
	if err != nil {
		return nil, err
	}
	if err := c.SetLineState(ctx, *e.ICCID, state); err != nil {
		return nil, fmt.Errorf("set line state: %w", err)
	}
	if _, err := s.db.Esims.Exec(ctx, "set_status", e.ID, []string{from}, to); err != nil {
		return nil, err
	}
	e.Status = to
	return e, nil
}

// Reissue replaces the profile on a lost or broken device with a new one
// from the same carrier, keeping the plan. key is the caller's idempotency
// key and doubles as the carrier reference of the new reservation.
func (s *Service) Reissue(ctx context.Context, esimID, customerID, key string) (*model.Esim, error) {
	if key == "" {
		return nil, ErrKeyRequired
	}
	e, err := s.owned(ctx, esimID, customerID)
	if err != nil {
		return nil, err
	}
	if e.Status != model.EsimInstalled && e.Status != model.EsimReserved && e.Status != model.EsimSuspended {
		return nil, ErrBadState
	}
	c, err := s.carriers.Get(e.Carrier)
	if err != nil {
		return nil, err
	}
	if !c.SupportsReference() {
		return nil, ErrReissueUnsupported
	}
	plan, err := s.db.Plans.Get(ctx, e.PlanSKU)
	if err != nil {
		return nil, err
	}
	p, err := c.ReserveProfile(ctx, carriers.ReserveRequest{
		PlanSKU:   plan.SKU,
		Region:    plan.Region,
		DataBytes: plan.DataBytes,
		Days:      plan.ValidityDays,
		Reference: "reissue:" + e.ID + ":" + key,
	})
	if err != nil {
		return nil, fmt.Errorf("reserve replacement: %w", err)
	}
	scope := "reissue:" + e.ID
	oldICCID := e.ICCID
	err = s.db.InTx(ctx, func(r *store.Repos) error {
		claimed, _, err := r.Keys.Claim(ctx, scope, key, e.ID)
		if err != nil || !claimed {
			return err
		}
		n, err := r.Esims.Exec(ctx, "reissued", e.ID, e.ReissueCount, p.ICCID, p.ActivationCode)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrConcurrentReissue
		}
		return r.Keys.Bind(ctx, scope, key, p.ICCID)
	})
	if err != nil {
		return nil, err
	}
	if oldICCID != nil && *oldICCID != p.ICCID {
		if err := c.SetLineState(ctx, *oldICCID, carriers.LineSuspended); err != nil {
			s.log.WarnContext(ctx, "suspend replaced profile", "iccid", *oldICCID, "err", err)
		}
	}
	cur, err := s.db.Esims.Get(ctx, e.ID)
	if err != nil {
		return nil, err
	}
	if err := s.tasks.Enqueue(ctx, tasks.ActivateEsim(cur.ID, cur.ReissueCount)); err != nil {
		return nil, err
	}
	return cur, nil
}

// ExpireDue marks plans past their validity as expired.
func (s *Service) ExpireDue(ctx context.Context) (int, error) {
	expired, err := s.db.Esims.Returning(ctx, "expire_due", s.now().UTC())
	if err != nil {
		return 0, err
	}
	for _, e := range expired {
		s.log.InfoContext(ctx, "plan expired", "esim", e.ID, "order", e.OrderID, "used_bytes", e.UsedBytes)
	}
	return len(expired), nil
}

// Get returns an eSIM owned by customerID.
func (s *Service) Get(ctx context.Context, esimID, customerID string) (*model.Esim, error) {
	return s.owned(ctx, esimID, customerID)
}

func (s *Service) owned(ctx context.Context, esimID, customerID string) (*model.Esim, error) {
	e, err := s.db.Esims.Get(ctx, esimID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if customerID != "" && e.CustomerID != customerID {
		return nil, ErrNotFound
	}
	return e, nil
}
