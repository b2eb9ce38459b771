// Package equipment orders modules, inverters and racking from the
// distributor and tracks them into the warehouse.
package equipment

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/clients/distributor"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/httpx"
	"github.com/sunrail/installs/internal/projects"
)

// Order statuses.
const (
	StatusDraft     = "draft"
	StatusSubmitted = "submitted"
	StatusShipped   = "shipped"
	StatusDelivered = "delivered"
	StatusReceived  = "received"
)

// Order is a purchase order for one project bundle.
type Order struct {
	ID                 uuid.UUID `json:"id"`
	ProjectID          uuid.UUID `json:"project_id"`
	PONumber           string    `json:"po_number"`
	Bundle             string    `json:"bundle"`
	WarehouseID        string    `json:"warehouse_id"`
	Status             string    `json:"status"`
	DistributorOrderID string    `json:"distributor_order_id,omitempty"`
	Carrier            string    `json:"carrier,omitempty"`
	TrackingNumber     string    `json:"tracking_number,omitempty"`
	Lines              []Line    `json:"lines"`
}

// Line is one SKU on an order.
type Line struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

// PlaceInput is the body of the place-order request.
type PlaceInput struct {
	Bundle       string `json:"bundle"`
	WarehouseID  string `json:"warehouse_id"`
	RequestedFor string `json:"requested_for"`
}

// ReceiptInput is posted by the warehouse when a delivery is checked in.
type ReceiptInput struct {
	PackingSlip string `json:"packing_slip"`
	ReceivedBy  string `json:"received_by"`
	Lines       []Line `json:"lines"`
}

// Distributor is the ordering API.
type Distributor interface {
	CreateOrder(ctx context.Context, req distributor.OrderRequest) (*distributor.Order, error)
}

// FactsReader loads project facts.
type FactsReader interface {
	PermitFacts(ctx context.Context, projectID uuid.UUID) (projects.Facts, error)
}

// Inventory adjusts warehouse stock.
type Inventory interface {
	Adjust(ctx context.Context, warehouseID, sku string, delta int) error
}

// Service implements equipment use cases.
type Service struct {
	repo        *Repository
	inventory   Inventory
	facts       FactsReader
	distributor Distributor
	events      events.Publisher
	tx          database.TxManager
}

// NewService builds a Service.
func NewService(repo *Repository, inv Inventory, facts FactsReader, d Distributor, pub events.Publisher, tx database.TxManager) *Service {
	return &Service{repo: repo, inventory: inv, facts: facts, distributor: d, events: pub, tx: tx}
}

// PONumber is the purchase order number for a project's bundle.
func PONumber(projectNumber, bundle string) string {
	return projectNumber + "-" + strings.ToUpper(bundle)
}

func linesFor(f projects.Facts, bundle string) ([]Line, error) {
	switch bundle {
	case "pv":
		return []Line{
			{SKU: f.PanelSKU, Quantity: f.PanelCount},
			{SKU: f.InverterSKU, Quantity: max(1, f.PanelCount/20)},
			{SKU: "RACK-RAIL-168", Quantity: (f.PanelCount + 1) / 2 * 2},
			{SKU: "RACK-FLASH-KIT", Quantity: f.PanelCount * 2},
		}, nil
	case "storage":
		if f.BatteryKWh <= 0 {
			return nil, errors.New("project has no storage")
		}
		return []Line{{SKU: "BATT-13K5", Quantity: int((f.BatteryKWh + 13.4) / 13.5)}}, nil
	}
	return nil, fmt.Errorf("unknown bundle %q", bundle)
}

// Place creates the purchase order for a project bundle and sends it to the
// distributor.
func (s *Service) Place(ctx context.Context, projectID uuid.UUID, in PlaceInput) (Order, error) {
	facts, err := s.facts.PermitFacts(ctx, projectID)
	if err != nil {
		return Order{}, err
	}
	lines, err := linesFor(facts, in.Bundle)
	if err != nil {
		return Order{}, errors.Join(httpx.ErrBadRequest, err)
	}
	var order Order
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		order, err = s.repo.CreateIfAbsent(ctx, Order{
			ID:          uuid.New(),
			ProjectID:   projectID,
			PONumber:    PONumber(facts.Number, in.Bundle),
			Bundle:      in.Bundle,
			WarehouseID: in.WarehouseID,
			Status:      StatusDraft,
			Lines:       lines,
		})
		return err
	})
	if err != nil {
		return Order{}, err
	}
	if order.Status != StatusDraft {
		return order, nil
	}

	res, err := s.distributor.CreateOrder(ctx, distributor.OrderRequest{
		PONumber:     order.PONumber,
		ShipTo:       order.WarehouseID,
		WarehouseID:  order.WarehouseID,
		RequestedFor: in.RequestedFor,
		Lines:        toDistributorLines(order.Lines),
		Notes:        "Project " + facts.Number,
	})
	if err != nil {
		return order, fmt.Errorf("place distributor order: %w", err)
	}
	order.Status = StatusSubmitted
	order.DistributorOrderID = res.OrderID
	if err := s.repo.MarkSubmitted(ctx, order.ID, res.OrderID); err != nil {
		return order, err
	}
	return order, nil
}

func toDistributorLines(lines []Line) []distributor.Line {
	out := make([]distributor.Line, 0, len(lines))
	for _, l := range lines {
		out = append(out, distributor.Line{SKU: l.SKU, Quantity: l.Quantity})
	}
	return out
}

// Receive checks a delivery into the warehouse.
func (s *Service) Receive(ctx context.Context, orderID uuid.UUID, in ReceiptInput) error {
	if in.PackingSlip == "" || len(in.Lines) == 0 {
		return errors.Join(httpx.ErrBadRequest, errors.New("packing_slip and lines are required"))
	}
	order, err := s.repo.Get(ctx, orderID)
	if err != nil {
		return err
	}
	done, err := s.repo.HasReceipt(ctx, orderID, in.PackingSlip)
	if err != nil {
		return err
	}
	if done {
		return nil
	}

	for _, l := range in.Lines {
		if err := s.inventory.Adjust(ctx, order.WarehouseID, l.SKU, l.Quantity); err != nil {
			return fmt.Errorf("adjust %s: %w", l.SKU, err)
		}
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.repo.InsertReceipt(ctx, uuid.New(), orderID, in.PackingSlip, in.ReceivedBy); err != nil {
			return err
		}
		return s.repo.SetStatus(ctx, orderID, StatusReceived)
	})
}

// ApplyShipment applies a distributor shipment webhook.
func (s *Service) ApplyShipment(ctx context.Context, evt distributor.ShipmentEvent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		order, moved, err := s.repo.Advance(ctx, evt.PONumber, evt.Status, evt.Carrier, evt.Tracking)
		if err != nil {
			return err
		}
		if !moved || evt.Status != StatusDelivered || order.Bundle != "pv" {
			return nil
		}
		facts, err := s.facts.PermitFacts(ctx, order.ProjectID)
		if err != nil {
			return err
		}
		return s.events.Publish(ctx, events.TopicMilestoneReached, events.MilestoneReached{
			ProjectID:  order.ProjectID,
			ContractID: facts.ContractID,
			Milestone:  "equipment_delivered",
		})
	})
}

var statusRank = map[string]int{
	StatusDraft: 0, StatusSubmitted: 1, StatusShipped: 2, StatusDelivered: 3, StatusReceived: 4,
}

func canAdvance(from, to string) bool {
	f, ok1 := statusRank[from]
	t, ok2 := statusRank[to]
	return ok1 && ok2 && t > f
}
