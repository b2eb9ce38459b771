package callbacks

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/globetrek/esim-platform/internal/service/provisioning"
	"github.com/globetrek/esim-platform/internal/service/topups"
	"github.com/globetrek/esim-platform/internal/service/usage"
	"github.com/globetrek/esim-platform/internal/store"
)

// CarrierHandlers handle carrier lifecycle and usage callbacks.
type CarrierHandlers struct {
	Provisioning *provisioning.Service
	TopUps       *topups.Service
	Usage        *usage.Service
	DB           *store.DB
}

type profileReservedData struct {
	Reference      string `json:"reference"`
	ICCID          string `json:"iccid"`
	ActivationCode string `json:"activation_code"`
}

type profileData struct {
	ICCID string    `json:"iccid"`
	At    time.Time `json:"at"`
}

type usageReportData struct {
	ReportID string `json:"report_id"`
	ICCID    string `json:"iccid"`
	Bytes    int64  `json:"bytes"`
}

type thresholdData struct {
	ICCID   string `json:"iccid"`
	Percent int32  `json:"percent"`
}

type topUpAppliedData struct {
	Reference     string `json:"reference"`
	TopUpID       string `json:"top_up_id"`
	TransactionID string `json:"transaction_id"`
}

// Routes returns the carrier event table.
func (h *CarrierHandlers) Routes(inbox *Inbox) map[string]Handler {
	return map[string]Handler{
		"profile.reserved":  h.profileReserved,
		"profile.installed": h.profileInstalled,
		"profile.deleted":   inbox.Once("profile.deleted", h.profileDeleted),
		"usage.report":      h.usageReport,
		"usage.threshold":   h.usageThreshold,
		"topup.applied":     inbox.Once("topup.applied", h.topUpApplied),
	}
}

func (h *CarrierHandlers) profileReserved(ctx context.Context, ev Event) error {
	d, err := decode[profileReservedData](ev)
	if err != nil {
		return err
	}
	return h.Provisioning.ConfirmReservation(ctx, d.Reference, d.ICCID, d.ActivationCode)
}

func (h *CarrierHandlers) profileInstalled(ctx context.Context, ev Event) error {
	d, err := decode[profileData](ev)
	if err != nil {
		return err
	}
	at := d.At
	if at.IsZero() {
		at = ev.OccurredAt
	}
	return h.Provisioning.Installed(ctx, d.ICCID, at)
}

func (h *CarrierHandlers) profileDeleted(ctx context.Context, ev Event) error {
	d, err := decode[profileData](ev)
	if err != nil {
		return err
	}
	return h.Provisioning.Deleted(ctx, d.ICCID)
}

func (h *CarrierHandlers) usageReport(ctx context.Context, ev Event) error {
	d, err := decode[usageReportData](ev)
	if err != nil {
		return err
	}
	return h.Usage.ApplyReport(ctx, usage.Report{ReportID: d.ReportID, ICCID: d.ICCID, Bytes: d.Bytes})
}

// usageThreshold handles carriers that evaluate thresholds themselves.
func (h *CarrierHandlers) usageThreshold(ctx context.Context, ev Event) error {
	d, err := decode[thresholdData](ev)
	if err != nil {
		return err
	}
	e, err := h.DB.Esims.Find(ctx, "by_iccid", d.ICCID)
	if err != nil {
		return err
	}
	// A threshold fires again after a top-up, so the alert is not keyed on
	// the percentage alone.
	taskID := fmt.Sprintf("usage-alert:%s:%d:%s", e.ID, d.Percent, uuid.NewString())
	return h.Usage.QueueAlert(ctx, e.ID, d.Percent, asynq.TaskID(taskID))
}

func (h *CarrierHandlers) topUpApplied(ctx context.Context, ev Event) error {
	d, err := decode[topUpAppliedData](ev)
	if err != nil {
		return err
	}
	id := d.TopUpID
	if id == "" {
		id = d.Reference
	}
	return h.TopUps.Applied(ctx, id, d.TransactionID)
}
