package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/idgen"
	"github.com/gridwell/utilities/internal/providers/fieldservice"
	"github.com/gridwell/utilities/internal/store"
)

// WorkOrderService books disconnections, reconnections and meter-read
// visits with the field-service partner.
type WorkOrderService struct {
	tx    store.TxManager
	repos store.Repos
	field fieldservice.Client
	pub   Publisher
	log   *slog.Logger
	now   Clock
}

func NewWorkOrderService(tx store.TxManager, repos store.Repos, field fieldservice.Client, pub Publisher, log *slog.Logger, now Clock) *WorkOrderService {
	return &WorkOrderService{tx: tx, repos: repos, field: field, pub: pub, log: log, now: now}
}

// DisconnectCommand asks for a supply to be cut for arrears.
type DisconnectCommand struct {
	AccountID     string
	MeterID       string
	ArrearsBillID string
	Notes         string
}

// RequestDisconnection books the disconnection visit and records it.
func (s *WorkOrderService) RequestDisconnection(ctx context.Context, cmd DisconnectCommand) (*domain.WorkOrder, error) {
	meter, err := s.repos.Meters.Get(ctx, cmd.MeterID)
	if err != nil {
		return nil, err
	}
	if meter.AccountID != cmd.AccountID {
		return nil, domain.ErrNotFound
	}
	acct, err := s.repos.Accounts.Get(ctx, cmd.AccountID)
	if err != nil {
		return nil, err
	}
	bill, err := s.repos.Bills.Get(ctx, cmd.ArrearsBillID)
	if err != nil {
		return nil, err
	}
	if bill.Outstanding() == 0 || bill.AccountID != acct.ID {
		return nil, fmt.Errorf("%w: bill %s is not in arrears", domain.ErrInvalidState, bill.ID)
	}
	wo := domain.WorkOrder{
		ID:        idgen.NewUUID(),
		AccountID: acct.ID,
		MeterID:   meter.ID,
		Kind:      domain.WorkOrderDisconnect,
		ReasonRef: bill.ID,
		Status:    "dispatched",
		CreatedAt: s.now(),
	}
	order, err := s.field.CreateOrder(ctx, fieldservice.OrderRequest{
		ExternalRef: wo.ID,
		Type:        "DISCONNECT",
		MeterSerial: meter.Serial,
		Address:     acct.PostalAddress,
		Priority:    "normal",
		Notes:       cmd.Notes,
	})
	if err != nil {
		return nil, fmt.Errorf("book disconnection: %w", err)
	}
	wo.PartnerOrderID = &order.ID
	wo.ScheduledFor = order.ScheduledFor
	err = s.tx.WithinTx(ctx, func(r store.Repos) error {
		if err := r.WorkOrders.Insert(ctx, wo); err != nil {
			return err
		}
		return r.Accounts.SetStatus(ctx, acct.ID, "disconnection_pending")
	})
	if err != nil {
		return nil, err
	}
	return &wo, nil
}

// ReconnectCommand asks for a supply to be restored once arrears are paid.
type ReconnectCommand struct {
	AccountID     string
	MeterID       string
	SettledBillID string
}

// RequestReconnection records the reconnection under a key derived from the
// meter and the settled bill and queues it for dispatch.
func (s *WorkOrderService) RequestReconnection(ctx context.Context, cmd ReconnectCommand) (*domain.WorkOrder, error) {
	reason := cmd.MeterID + ":" + cmd.SettledBillID
	wo := domain.WorkOrder{
		ID:        idgen.DerivedUUID(idgen.NamespaceWorkOrder, string(domain.WorkOrderReconnect), reason),
		AccountID: cmd.AccountID,
		MeterID:   cmd.MeterID,
		Kind:      domain.WorkOrderReconnect,
		ReasonRef: reason,
		Status:    "pending",
		CreatedAt: s.now(),
	}
	stored, err := store.InTx(ctx, s.tx, func(r store.Repos) (*domain.WorkOrder, error) {
		bill, err := r.Bills.Get(ctx, cmd.SettledBillID)
		if err != nil {
			return nil, err
		}
		if bill.AccountID != cmd.AccountID || bill.Outstanding() > 0 {
			return nil, fmt.Errorf("%w: bill %s not settled", domain.ErrInvalidState, bill.ID)
		}
		if _, err := r.WorkOrders.InsertIfAbsent(ctx, wo); err != nil {
			return nil, err
		}
		if err := r.Accounts.SetStatus(ctx, cmd.AccountID, "reconnection_pending"); err != nil {
			return nil, err
		}
		return r.WorkOrders.GetByReason(ctx, domain.WorkOrderReconnect, reason)
	})
	if err != nil {
		return nil, err
	}
	if stored.Status == "pending" {
		if err := s.queueDispatch(stored.ID); err != nil {
			return nil, err
		}
	}
	return stored, nil
}

func (s *WorkOrderService) queueDispatch(workOrderID string) error {
	payload, err := json.Marshal(domain.WorkOrderDispatchEvent{WorkOrderID: workOrderID})
	if err != nil {
		return err
	}
	msg := message.NewMessage(watermill.NewUUID(), payload)
	msg.Metadata.Set("partition_key", workOrderID)
	return s.pub.Publish(domain.TopicWorkOrderDispatch, msg)
}

// Dispatch sends a recorded work order to the partner. The partner does not
// deduplicate, so an order already booked under our ID is looked up first.
func (s *WorkOrderService) Dispatch(ctx context.Context, workOrderID string) error {
	wo, err := s.repos.WorkOrders.Get(ctx, workOrderID)
	if err != nil {
		return err
	}
	if wo.Status == "dispatched" {
		return nil
	}
	meter, err := s.repos.Meters.Get(ctx, wo.MeterID)
	if err != nil {
		return err
	}
	acct, err := s.repos.Accounts.Get(ctx, wo.AccountID)
	if err != nil {
		return err
	}
	order, err := s.ensureOrder(ctx, wo, fieldservice.OrderRequest{
		ExternalRef: wo.ID,
		Type:        partnerOrderType(wo.Kind),
		MeterSerial: meter.Serial,
		Address:     acct.PostalAddress,
		Priority:    "high",
	})
	if err != nil {
		return err
	}
	return s.repos.WorkOrders.MarkDispatched(ctx, wo.ID, order.ID, order.ScheduledFor)
}

func (s *WorkOrderService) ensureOrder(ctx context.Context, wo *domain.WorkOrder, req fieldservice.OrderRequest) (*fieldservice.Order, error) {
	existing, err := s.field.FindByExternalRef(ctx, wo.ID)
	if err != nil {
		return nil, fmt.Errorf("look up partner order: %w", err)
	}
	if existing != nil {
		s.log.InfoContext(ctx, "partner order already exists", "work_order_id", wo.ID, "partner_order_id", existing.ID)
		return existing, nil
	}
	order, err := s.field.CreateOrder(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("create partner order: %w", err)
	}
	return order, nil
}

// EnsureReadVisit books a meter-read visit keyed by reasonRef (the estimate
// workflow's ID), recording the work order before calling the partner.
func (s *WorkOrderService) EnsureReadVisit(ctx context.Context, meterID, reasonRef string) (*domain.WorkOrder, error) {
	meter, err := s.repos.Meters.Get(ctx, meterID)
	if err != nil {
		return nil, err
	}
	wo := domain.WorkOrder{
		ID:        idgen.DerivedUUID(idgen.NamespaceWorkOrder, string(domain.WorkOrderReadVisit), reasonRef),
		AccountID: meter.AccountID,
		MeterID:   meter.ID,
		Kind:      domain.WorkOrderReadVisit,
		ReasonRef: reasonRef,
		Status:    "pending",
		CreatedAt: s.now(),
	}
	if _, err := s.repos.WorkOrders.InsertIfAbsent(ctx, wo); err != nil {
		return nil, err
	}
	stored, err := s.repos.WorkOrders.GetByReason(ctx, domain.WorkOrderReadVisit, reasonRef)
	if err != nil {
		return nil, err
	}
	if stored.Status == "dispatched" {
		return stored, nil
	}
	if err := s.Dispatch(ctx, stored.ID); err != nil {
		return nil, err
	}
	return s.repos.WorkOrders.Get(ctx, stored.ID)
}

func partnerOrderType(k domain.WorkOrderKind) string {
	switch k {
	case domain.WorkOrderDisconnect:
		return "DISCONNECT"
	case domain.WorkOrderReconnect:
		return "RECONNECT"
	default:
		return "METER_READ"
	}
}
