package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/acme/fleet/internal/domain"
)

// FineRecharger recharges fines.
type FineRecharger interface {
	Recharge(ctx context.Context, fineID uuid.UUID) error
}

// WorkshopBooker books workshop slots.
type WorkshopBooker interface {
	BookWorkshop(ctx context.Context, workOrderID string) error
}

// ClaimSubmitter files claims with the insurer.
type ClaimSubmitter interface {
	Submit(ctx context.Context, claimID string) error
}

// SettlementRunner runs the nightly settlement.
type SettlementRunner interface {
	Run(ctx context.Context, businessDate time.Time) (int, error)
}

// Notifier sends task-driven notices.
type Notifier interface {
	PickupReminder(ctx context.Context, reservationID string) error
	SendReceipt(ctx context.Context, rentalID uuid.UUID) error
}

type Tasks struct {
	fines      FineRecharger
	workshop   WorkshopBooker
	claims     ClaimSubmitter
	settlement SettlementRunner
	notifier   Notifier
	log        *slog.Logger
	now        func() time.Time
}

func NewTasks(fines FineRecharger, workshop WorkshopBooker, claims ClaimSubmitter, settlement SettlementRunner, notifier Notifier, log *slog.Logger) *Tasks {
	return &Tasks{fines: fines, workshop: workshop, claims: claims, settlement: settlement, notifier: notifier, log: log, now: time.Now}
}

type taskRoute struct {
	Name string
	Fn   func(ctx context.Context, t *asynq.Task) error
}

// withPayload adapts a handler of a decoded payload to an asynq handler.
// A payload that does not decode is not retried.
func withPayload[P any](fn func(ctx context.Context, p P) error) func(context.Context, *asynq.Task) error {
	return func(ctx context.Context, task *asynq.Task) error {
		var p P
		if err := json.Unmarshal(task.Payload(), &p); err != nil {
			return fmt.Errorf("%s payload: %v: %w", task.Type(), err, asynq.SkipRetry)
		}
		return fn(ctx, p)
	}
}

func (t *Tasks) routes() []taskRoute {
	return []taskRoute{
		{Name: domain.TaskFineRecharge, Fn: withPayload(t.fineRecharge)},
		{Name: domain.TaskWorkshopBook, Fn: withPayload(t.workshopBook)},
		{Name: domain.TaskClaimSubmit, Fn: withPayload(t.claimSubmit)},
		{Name: domain.TaskSettlement, Fn: t.settlementRun},
		{Name: domain.TaskPickupReminder, Fn: withPayload(t.pickupReminder)},
		{Name: domain.TaskRentalReceipt, Fn: withPayload(t.rentalReceipt)},
	}
}

// Mux registers every task handler on a new ServeMux.
func (t *Tasks) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	for _, r := range t.routes() {
		mux.HandleFunc(r.Name, r.Fn)
	}
	return mux
}

func parseUUID(s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	return id, nil
}

func (t *Tasks) fineRecharge(ctx context.Context, p domain.FineRechargePayload) error {
	id, err := parseUUID(p.FineID)
	if err != nil {
		return err
	}
	return t.fines.Recharge(ctx, id)
}

func (t *Tasks) workshopBook(ctx context.Context, p domain.WorkshopBookPayload) error {
	return t.workshop.BookWorkshop(ctx, p.WorkOrderID)
}

func (t *Tasks) claimSubmit(ctx context.Context, p domain.ClaimSubmitPayload) error {
	return t.claims.Submit(ctx, p.ClaimID)
}

// settlementRun settles the previous UTC business day.
func (t *Tasks) settlementRun(ctx context.Context, _ *asynq.Task) error {
	day := t.now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	n, err := t.settlement.Run(ctx, day)
	t.log.InfoContext(ctx, "settlement run", "business_date", day.Format(time.DateOnly), "submitted", n, "err", err)
	return err
}

func (t *Tasks) pickupReminder(ctx context.Context, p domain.PickupReminderPayload) error {
	return t.notifier.PickupReminder(ctx, p.ReservationID)
}

func (t *Tasks) rentalReceipt(ctx context.Context, p domain.RentalReceiptPayload) error {
	id, err := parseUUID(p.RentalID)
	if err != nil {
		return err
	}
	return t.notifier.SendReceipt(ctx, id)
}
