package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/ironbridge-metals/yardops/internal/domain"
	"github.com/ironbridge-metals/yardops/internal/ids"
	"github.com/ironbridge-metals/yardops/internal/provider/millgate"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/retry"
	"github.com/ironbridge-metals/yardops/internal/store"
)

// ContractService manages mill sales contracts and the loads shipped
// against them.
type ContractService struct {
	store        store.Store
	mills        MillGateway
	supplierCode string
	logger       *slog.Logger
	newLoadID    func() string
}

func NewContractService(st store.Store, mills MillGateway, supplierCode string, logger *slog.Logger) *ContractService {
	return &ContractService{
		store:        st,
		mills:        mills,
		supplierCode: supplierCode,
		logger:       logger,
		newLoadID:    ids.NewULID,
	}
}

type CreateContractInput struct {
	MillID           string
	ContractNo       string
	MaterialCode     string
	Tons             string
	PricePerTonCents int64
	ShipFromYard     string
	DeliveryStart    time.Time
	DeliveryEnd      time.Time
}

// CreateContract records a mill purchase contract. The mill's contract
// number is the natural key: re-entering the same contract returns the one on
// file.
func (s *ContractService) CreateContract(ctx context.Context, in CreateContractInput) (store.SalesContract, error) {
	tons, err := domain.ParseTons(in.Tons)
	if err != nil {
		return store.SalesContract{}, domain.Invalid("%v", err)
	}
	if in.ContractNo == "" || in.MillID == "" {
		return store.SalesContract{}, domain.Invalid("mill and contract number are required")
	}
	if in.DeliveryEnd.Before(in.DeliveryStart) {
		return store.SalesContract{}, domain.Invalid("delivery window ends before it starts")
	}

	var out store.SalesContract
	err = s.store.ExecTx(ctx, func(q store.Querier) error {
		c, err := q.InsertSalesContract(ctx, store.InsertSalesContractParams{
			ID:               uuid.New(),
			MillID:           in.MillID,
			ContractNo:       in.ContractNo,
			MaterialCode:     in.MaterialCode,
			TonsOrdered:      tons,
			PricePerTonCents: in.PricePerTonCents,
			ShipFromYard:     in.ShipFromYard,
			DeliveryStart:    in.DeliveryStart,
			DeliveryEnd:      in.DeliveryEnd,
		})
		if store.IsNotFound(err) {
			out, err = q.GetSalesContractByNo(ctx, in.MillID, in.ContractNo)
			return err
		}
		if err != nil {
			return fmt.Errorf("insert contract: %w", err)
		}
		out = c
		ev, err := outboxEvent("contract-ack:"+c.ID.String(), TopicDispatch, TypeContractAck, ContractCreated{ContractID: c.ID})
		if err != nil {
			return err
		}
		return q.InsertOutboxEvent(ctx, ev)
	})
	return out, err
}

// AcknowledgeContract accepts the contract on MillGate.
func (s *ContractService) AcknowledgeContract(ctx context.Context, _ queue.Envelope, msg ContractCreated) error {
	c, err := s.store.GetSalesContract(ctx, msg.ContractID)
	if store.IsNotFound(err) {
		return queue.Drop(fmt.Errorf("contract %s not found", msg.ContractID))
	}
	if err != nil {
		return fmt.Errorf("load contract: %w", err)
	}
	if c.Status != "draft" {
		return nil
	}
	partner, err := s.store.GetMillPartnerCode(ctx, c.MillID)
	if err != nil {
		return fmt.Errorf("load mill: %w", err)
	}

	ack, err := retry.DoValue(ctx, func(ctx context.Context) (millgate.Ack, error) {
		return s.mills.Acknowledge(ctx, partner, c.ContractNo, millgate.AckRequest{
			SupplierCode:  s.supplierCode,
			AcceptedTons:  c.TonsOrdered,
			ShipFrom:      c.ShipFromYard,
			DeliveryStart: c.DeliveryStart.Format("2006-01-02"),
			DeliveryEnd:   c.DeliveryEnd.Format("2006-01-02"),
		}, "ack-"+c.ID.String())
	})
	if err != nil {
		return fmt.Errorf("millgate acknowledge: %w", err)
	}
	if _, err := s.store.MarkContractAcknowledged(ctx, c.ID, ack.Ref); err != nil {
		return fmt.Errorf("mark acknowledged: %w", err)
	}
	return nil
}

type ScheduleLoadInput struct {
	ContractID uuid.UUID
	RequestKey string
	PickupDate time.Time
	Tons       string
}

// ScheduleLoad plans a truckload against a contract and reserves its tonnage.
// The dispatcher's Idempotency-Key is stored on the load, so a resubmitted
// request finds the load it already created.
func (s *ContractService) ScheduleLoad(ctx context.Context, in ScheduleLoadInput) (store.Load, error) {
	if in.RequestKey == "" {
		return store.Load{}, domain.Invalid("Idempotency-Key header is required")
	}
	tons, err := domain.ParseTons(in.Tons)
	if err != nil {
		return store.Load{}, domain.Invalid("%v", err)
	}

	var out store.Load
	err = s.store.ExecTx(ctx, func(q store.Querier) error {
		c, err := q.GetSalesContract(ctx, in.ContractID)
		if store.IsNotFound(err) {
			return domain.NotFound("contract %s", in.ContractID)
		}
		if err != nil {
			return err
		}
		load, err := q.InsertLoad(ctx, store.InsertLoadParams{
			ID:          s.newLoadID(),
			ContractID:  c.ID,
			YardID:      c.ShipFromYard,
			RequestKey:  in.RequestKey,
			PickupDate:  in.PickupDate,
			PlannedTons: tons,
		})
		if store.IsNotFound(err) {
			out, err = q.GetLoadByRequestKey(ctx, c.ID, in.RequestKey)
			return err
		}
		if err != nil {
			return fmt.Errorf("insert load: %w", err)
		}
		n, err := q.ReserveContractTons(ctx, c.ID, tons)
		if err != nil {
			return fmt.Errorf("reserve tons: %w", err)
		}
		if n == 0 {
			return domain.Conflict("contract %s cannot take %s more tons (status %s, %s of %s scheduled)",
				c.ContractNo, tons, c.Status, c.TonsScheduled, c.TonsOrdered)
		}
		ev, err := outboxEvent("book:"+load.ID, TopicDispatch, TypeLoadBookTruck, LoadScheduled{LoadID: load.ID})
		if err != nil {
			return err
		}
		if err := q.InsertOutboxEvent(ctx, ev); err != nil {
			return err
		}
		out = load
		return nil
	})
	return out, err
}

type DepartLoadInput struct {
	LoadID        string
	OutboundNetLb int32
	BolNo         string
}

// DepartLoad records the outbound scale weight and bill of lading when the
// truck leaves the yard, and takes the material out of yard inventory.
func (s *ContractService) DepartLoad(ctx context.Context, in DepartLoadInput) (store.Load, error) {
	if in.OutboundNetLb <= 0 || in.BolNo == "" {
		return store.Load{}, domain.Invalid("outbound weight and BOL number are required")
	}
	load, err := s.store.GetLoad(ctx, in.LoadID)
	if store.IsNotFound(err) {
		return store.Load{}, domain.NotFound("load %s", in.LoadID)
	}
	if err != nil {
		return store.Load{}, fmt.Errorf("load load: %w", err)
	}
	if load.Status != "booked" {
		return store.Load{}, domain.Conflict("load %s is %s", load.ID, load.Status)
	}
	c, err := s.store.GetSalesContract(ctx, load.ContractID)
	if err != nil {
		return store.Load{}, fmt.Errorf("load contract: %w", err)
	}

	if err := s.store.AdjustInventory(ctx, load.YardID, c.MaterialCode, -int64(in.OutboundNetLb)); err != nil {
		return store.Load{}, fmt.Errorf("inventory: %w", err)
	}
	departed, err := s.store.MarkLoadDeparted(ctx, load.ID, in.OutboundNetLb, in.BolNo)
	if store.IsNotFound(err) {
		return store.Load{}, domain.Conflict("load %s is no longer booked", load.ID)
	}
	if store.IsUniqueViolation(err) {
		return store.Load{}, domain.Conflict("BOL %s is already on another load", in.BolNo)
	}
	if err != nil {
		return store.Load{}, fmt.Errorf("mark departed: %w", err)
	}
	return departed, nil
}
