package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/notify"
	"github.com/scriptline/refills/internal/queue"
	"github.com/scriptline/refills/internal/tasks"
)

type NotificationService interface {
	ScanReminders(ctx context.Context, asOf time.Time) (int, error)
	SendReminder(ctx context.Context, reminderID string) error
	NotifyShipped(ctx context.Context, shipmentID uuid.UUID) error
}

type NotificationServiceImpl struct {
	patients      PatientRepository
	prescriptions PrescriptionRepository
	prefs         ReminderPreferenceRepository
	refills       RefillRepository
	reminders     ReminderRepository
	runs          ScanRunRepository
	shipments     ShipmentRepository
	notifications NotificationRepository
	mailer        notify.Sender
	queue         queue.Enqueuer
	settings      Settings
	newID         ids.UUIDFunc
	newXID        ids.XIDFunc
	now           Clock
	log           *slog.Logger
}

func NewNotificationService(
	patients PatientRepository,
	prescriptions PrescriptionRepository,
	prefs ReminderPreferenceRepository,
	refills RefillRepository,
	reminders ReminderRepository,
	runs ScanRunRepository,
	shipments ShipmentRepository,
	notifications NotificationRepository,
	mailer notify.Sender,
	q queue.Enqueuer,
	settings Settings,
	log *slog.Logger,
) *NotificationServiceImpl {
	return &NotificationServiceImpl{
		patients:      patients,
		prescriptions: prescriptions,
		prefs:         prefs,
		refills:       refills,
		reminders:     reminders,
		runs:          runs,
		shipments:     shipments,
		notifications: notifications,
		mailer:        mailer,
		queue:         q,
		settings:      settings,
		newID:         ids.NewUUID,
		newXID:        ids.NewXID,
		now:           time.Now,
		log:           log.With("service", "notifications"),
	}
}

const maxReminderLeadDays = 21

// ScanReminders finds prescriptions that run out within the patient's
// reminder window and schedules one reminder per prescription and due date.
// Every run is logged for the ops dashboard.
func (s *NotificationServiceImpl) ScanReminders(ctx context.Context, asOf time.Time) (int, error) {
	run := &domain.ReminderScanRun{ID: s.newXID(), StartedAt: s.now().UTC()}
	if err := s.runs.Create(ctx, run); err != nil {
		return 0, err
	}
	due, err := s.prescriptions.DueBetween(ctx, asOf, asOf.AddDate(0, 0, maxReminderLeadDays+1), false)
	if err != nil {
		return 0, err
	}
	rxIDs := make([]uuid.UUID, 0, len(due))
	for _, rx := range due {
		rxIDs = append(rxIDs, rx.ID)
	}
	prefs, err := s.prefs.ForPrescriptions(ctx, rxIDs)
	if err != nil {
		return 0, err
	}

	enqueued := 0
	var errs []error
	for _, rx := range due {
		if rx.AutoRefill {
			continue
		}
		pref, ok := prefs[rx.ID]
		if !ok {
			pref = domain.ReminderPreference{Enabled: true, DaysBefore: s.settings.ReminderLeadDays}
		}
		if !pref.Enabled {
			continue
		}
		dueOn, ok := rx.NextDueOn()
		if !ok || asOf.Before(dueOn.AddDate(0, 0, -pref.DaysBefore)) {
			continue
		}
		rem, _, err := s.reminders.Schedule(ctx, &domain.RefillReminder{
			ID:             s.newXID(),
			PrescriptionID: rx.ID,
			PatientID:      rx.PatientID,
			DueOn:          dueOn,
			Status:         domain.ReminderScheduled,
			CreatedAt:      s.now().UTC(),
		})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if rem.Status != domain.ReminderScheduled {
			continue
		}
		if err := queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
			return tasks.SendReminder(rem.ID)
		}); err != nil {
			errs = append(errs, err)
			continue
		}
		enqueued++
	}
	if err := s.runs.Finish(ctx, run.ID, len(due), enqueued); err != nil {
		errs = append(errs, err)
	}
	return enqueued, errors.Join(errs...)
}

// SendReminder e-mails one scheduled reminder. The reminder id is the
// mailer's idempotency key.
func (s *NotificationServiceImpl) SendReminder(ctx context.Context, reminderID string) error {
	rem, err := s.reminders.Get(ctx, reminderID)
	if err != nil {
		return err
	}
	if rem.Status != domain.ReminderScheduled {
		return nil
	}
	rx, err := s.prescriptions.Get(ctx, rem.PrescriptionID)
	if err != nil {
		return err
	}
	// Skip if the patient already asked for this refill.
	open, err := s.refills.Exists(ctx, "prescription_id = ? AND created_at >= ?", rx.ID, rem.CreatedAt)
	if err != nil {
		return err
	}
	if open || rx.RefillsRemaining() <= 0 {
		return s.reminders.MarkSkipped(ctx, rem.ID)
	}
	patient, err := s.patients.Get(ctx, rem.PatientID)
	if err != nil {
		return err
	}
	msgID, err := notify.Deliver(ctx, s.mailer, notify.Email{
		Template: notify.TmplRefillReminder,
		To:       patient.Email,
		Data: map[string]any{
			"FirstName": patient.FirstName,
			"DrugName":  rx.DrugName,
			"DueOn":     rem.DueOn.Format("Monday, January 2"),
			"RefillURL": fmt.Sprintf("%s/prescriptions/%s/refill", s.settings.PortalURL, rx.ID),
		},
		Tags: map[string]string{"reminder_id": rem.ID},
		Key:  ids.Derived("refill-reminder", rem.ID),
	})
	if err != nil {
		return err
	}
	return s.reminders.MarkSent(ctx, rem.ID, msgID, s.now().UTC())
}

// NotifyShipped tells the patient the parcel is on its way.
func (s *NotificationServiceImpl) NotifyShipped(ctx context.Context, shipmentID uuid.UUID) error {
	sh, err := s.shipments.Get(ctx, shipmentID)
	if err != nil {
		return err
	}
	if sh.TrackingNumber == nil {
		return fmt.Errorf("shipment %s has no tracking number yet", sh.ID)
	}
	key := ids.Derived("shipped", sh.ID.String())
	sent, err := s.notifications.Sent(ctx, notify.TmplShipped, key)
	if err != nil || sent {
		return err
	}
	r, err := s.refills.Get(ctx, sh.RefillID)
	if err != nil {
		return err
	}
	patient, err := s.patients.Get(ctx, r.PatientID)
	if err != nil {
		return err
	}
	rx, err := s.prescriptions.Get(ctx, r.PrescriptionID)
	if err != nil {
		return err
	}
	msgID, err := notify.Deliver(ctx, s.mailer, notify.Email{
		Template: notify.TmplShipped,
		To:       patient.Email,
		Data: map[string]any{
			"FirstName":      patient.FirstName,
			"DrugName":       rx.DrugName,
			"TrackingNumber": *sh.TrackingNumber,
			"TrackingURL":    fmt.Sprintf("%s/track/%s", s.settings.PortalURL, *sh.TrackingNumber),
		},
		Key: key,
	})
	if err != nil {
		return err
	}
	return s.notifications.Log(ctx, &domain.Notification{
		ID:                s.newID(),
		PatientID:         patient.ID,
		RefillID:          &r.ID,
		Template:          notify.TmplShipped,
		DedupKey:          key,
		ProviderMessageID: msgID,
		SentAt:            s.now().UTC(),
	})
}
