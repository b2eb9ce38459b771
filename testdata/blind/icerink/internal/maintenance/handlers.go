package maintenance

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/frostline-arena/rinkops/internal/command"
	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/icecare"
	"github.com/frostline-arena/rinkops/internal/tasks"
)

// TaskOutbox queues background work in the caller's transaction.
type TaskOutbox interface {
	Add(ctx context.Context, id uuid.UUID, typ string, payload any) error
}

// openHandler runs inside command.Transactional: the work order and its
// dispatch task commit together.
type openHandler struct {
	repo   Repository
	outbox TaskOutbox
}

func (h *openHandler) Handle(ctx context.Context, cmd OpenWorkOrder) error {
	if _, err := h.repo.Resurfacer(ctx, cmd.ResurfacerID); err != nil {
		return err
	}
	id := WorkOrderID(cmd.RequestKey)
	priority := cmd.Priority
	if priority == "" {
		priority = "normal"
	}
	created, err := h.repo.InsertWorkOrder(ctx, db.InsertWorkOrderParams{
		ID:           id,
		RequestKey:   cmd.RequestKey,
		ResurfacerID: cmd.ResurfacerID,
		Summary:      cmd.Summary,
		Priority:     priority,
	})
	if err != nil {
		return err
	}
	if !created {
		return nil
	}
	if priority == "urgent" {
		if err := h.repo.SetInService(ctx, cmd.ResurfacerID, false); err != nil {
			return err
		}
	}
	return h.outbox.Add(ctx, id, tasks.TypeDispatchWorkOrder, tasks.DispatchWorkOrder{WorkOrderID: id})
}

type dispatchHandler struct {
	repo       Repository
	contractor Contractor
	log        *slog.Logger
}

func (h *dispatchHandler) Handle(ctx context.Context, cmd Dispatch) error {
	wo, err := h.repo.WorkOrder(ctx, cmd.WorkOrderID)
	if err != nil {
		return err
	}
	if wo.Status != "open" {
		return nil
	}
	unit, err := h.repo.Resurfacer(ctx, wo.ResurfacerID)
	if err != nil {
		return err
	}

	job, callErr := h.contractor.CreateJob(ctx, icecare.JobRequest{
		UnitID:    unit.ID,
		UnitModel: unit.Model,
		Site:      unit.RinkID,
		Summary:   wo.Summary,
		Priority:  wo.Priority,
	})
	h.logAttempt(ctx, wo.ID, cmd.Attempt, job, callErr)
	if callErr != nil {
		return callErr
	}
	return h.repo.MarkDispatched(ctx, wo.ID, job.ID)
}

// logAttempt appends to the dispatch attempt log that ops reads when a
// work order is stuck. One row per try, successful or not.
func (h *dispatchHandler) logAttempt(ctx context.Context, id uuid.UUID, attempt int, job *icecare.Job, callErr error) {
	row := db.InsertDispatchAttemptParams{
		ID:          platform.NewRunID(),
		WorkOrderID: id,
		Attempt:     int32(attempt),
		Outcome:     "accepted",
	}
	if callErr != nil {
		row.Outcome, row.Detail = "error", callErr.Error()
	} else if job != nil {
		row.Detail = "job " + job.ID
	}
	if err := h.repo.LogAttempt(context.WithoutCancel(ctx), row); err != nil {
		h.log.WarnContext(ctx, "dispatch attempt log", "work_order", id, "err", err)
	}
}

// contractorHandler routes IceCare webhook events by type.
type contractorHandler struct {
	repo       Repository
	tx         platform.TxRunner
	pager      Pager
	onCall     platform.FacilitiesConfig
	log        *slog.Logger
	byType     map[string]func(context.Context, db.WorkOrder, icecare.Event) error
	ignoreRest bool
}

func newContractorHandler(repo Repository, tx platform.TxRunner, pager Pager, onCall platform.FacilitiesConfig, log *slog.Logger) *contractorHandler {
	h := &contractorHandler{repo: repo, tx: tx, pager: pager, onCall: onCall, log: log, ignoreRest: true}
	h.byType = map[string]func(context.Context, db.WorkOrder, icecare.Event) error{
		"job.status_changed": h.statusChanged,
		"job.completed":      h.completed,
	}
	return h
}

func (h *contractorHandler) Handle(ctx context.Context, cmd ContractorUpdate) error {
	evt := cmd.Event
	fn, ok := h.byType[evt.Type]
	if !ok {
		if h.ignoreRest {
			return nil
		}
		return fmt.Errorf("unhandled icecare event %q: %w", evt.Type, platform.ErrInvalid)
	}
	wo, err := h.repo.WorkOrderByJob(ctx, evt.JobID)
	if err != nil {
		return err
	}
	return fn(ctx, wo, evt)
}

func (h *contractorHandler) statusChanged(ctx context.Context, wo db.WorkOrder, evt icecare.Event) error {
	return h.tx.InTx(ctx, func(ctx context.Context) error {
		fresh, err := h.repo.ClaimEvent(ctx, evt.ID, wo.ID, evt.Type)
		if err != nil || !fresh {
			return err
		}
		if err := h.repo.SetStatus(ctx, wo.ID, mapStatus(evt.Status)); err != nil {
			return err
		}
		if evt.Notes == "" {
			return nil
		}
		return h.repo.AddNote(ctx, db.InsertWorkOrderNoteParams{
			ID:          uuid.New(),
			WorkOrderID: wo.ID,
			Author:      "icecare:" + evt.Technician,
			Body:        evt.Notes,
		})
	})
}

func (h *contractorHandler) completed(ctx context.Context, wo db.WorkOrder, evt icecare.Event) error {
	if h.onCall.ManagerPhone != "" {
		msg := fmt.Sprintf("Resurfacer %s is back in service (work order %s, tech %s).",
			wo.ResurfacerID, wo.ID.String()[:8], evt.Technician)
		if _, err := h.pager.Send(ctx, h.onCall.ManagerPhone, msg); err != nil {
			return fmt.Errorf("page facilities: %w", err)
		}
	}
	return h.tx.InTx(ctx, func(ctx context.Context) error {
		fresh, err := h.repo.ClaimEvent(ctx, evt.ID, wo.ID, evt.Type)
		if err != nil || !fresh {
			return err
		}
		if err := h.repo.SetStatus(ctx, wo.ID, "completed"); err != nil {
			return err
		}
		return h.repo.SetInService(ctx, wo.ResurfacerID, true)
	})
}

func mapStatus(s string) string {
	switch s {
	case "scheduled", "en_route":
		return "dispatched"
	case "on_site", "awaiting_parts":
		return "in_progress"
	case "done":
		return "completed"
	default:
		return "dispatched"
	}
}

type Commands struct {
	Open       command.Handler[OpenWorkOrder]
	Dispatch   command.Handler[Dispatch]
	Contractor command.Handler[ContractorUpdate]
}

func NewCommands(
	repo Repository,
	tx platform.TxRunner,
	outbox TaskOutbox,
	contractor Contractor,
	pager Pager,
	onCall platform.FacilitiesConfig,
	log *slog.Logger,
) *Commands {
	log = log.With("module", "maintenance")
	return &Commands{
		Open: command.Apply[OpenWorkOrder](&openHandler{repo: repo, outbox: outbox},
			command.Logged[OpenWorkOrder](log), command.Validated[OpenWorkOrder](), command.Transactional[OpenWorkOrder](tx)),
		Dispatch: command.Apply[Dispatch](&dispatchHandler{repo: repo, contractor: contractor, log: log},
			command.Logged[Dispatch](log)),
		Contractor: command.Apply[ContractorUpdate](newContractorHandler(repo, tx, pager, onCall, log),
			command.Logged[ContractorUpdate](log)),
	}
}
