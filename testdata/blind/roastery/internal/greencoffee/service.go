// Package greencoffee manages forward contracts with green-coffee importers
// and the lots landed against them.
package greencoffee

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
	"github.com/ridgeline-coffee/roastery/internal/providers/importer"
)

// Errors returned to callers.
var (
	ErrInvalid         = errors.New("greencoffee: invalid request")
	ErrKeyRequired     = errors.New("greencoffee: Idempotency-Key header is required")
	ErrUnknownContract = errors.New("greencoffee: unknown contract")
)

// Service is used by the HTTP handlers and the importer notification
// handlers.
type Service interface {
	CreateContract(ctx context.Context, req CreateContractRequest) (*models.GreenContract, error)
	ConfirmContract(ctx context.Context, messageID string, c Confirmation) error
	ReceiveLot(ctx context.Context, a LotArrival) (*models.GreenLot, error)
}

// CreateContractRequest is a buyer's purchase decision.
type CreateContractRequest struct {
	IdempotencyKey  string  `json:"-"`
	ImporterCode    string  `json:"importer_offer_code"`
	Origin          string  `json:"origin"`
	LotDescription  string  `json:"lot_description"`
	Kg              float64 `json:"kg"`
	PricePerKgCents int64   `json:"price_per_kg_cents"`
	ShipmentWindow  string  `json:"shipment_window"`
}

// Confirmation is the importer's countersignature.
type Confirmation struct {
	ImporterCode    string    `json:"offer_code"`
	ContractRef     string    `json:"contract_ref"`
	PricePerKgCents int64     `json:"price_per_kg_cents"`
	ConfirmedAt     time.Time `json:"confirmed_at"`
}

// LotArrival is a warehouse receipt for a lot landed against a contract.
type LotArrival struct {
	ImporterCode string    `json:"offer_code"`
	ContractRef  string    `json:"contract_ref"`
	LotNumber    string    `json:"lot_number"`
	WarehouseRef string    `json:"warehouse_ref"`
	Kg           float64   `json:"kg"`
	ArrivedAt    time.Time `json:"arrived_at"`
}

type service struct {
	db        *gorm.DB
	contracts *db.Repo[models.GreenContract]
	trader    importer.Trader
	log       *slog.Logger
}

// NewService returns the green-coffee service.
func NewService(gdb *gorm.DB, t importer.Trader, log *slog.Logger) Service {
	return &service{
		db:        gdb,
		contracts: db.NewRepo[models.GreenContract](gdb),
		trader:    t,
		log:       log.With("component", "greencoffee"),
	}
}

// CreateContract records the contract and submits it to the importer.
func (s *service) CreateContract(ctx context.Context, req CreateContractRequest) (*models.GreenContract, error) {
	if req.IdempotencyKey == "" {
		return nil, ErrKeyRequired
	}
	if req.ImporterCode == "" || req.Origin == "" || req.Kg <= 0 || req.PricePerKgCents <= 0 {
		return nil, fmt.Errorf("%w: importer_offer_code, origin, kg and price are required", ErrInvalid)
	}

	c := models.GreenContract{
		ID:              ids.New("gc"),
		RequestKey:      req.IdempotencyKey,
		ImporterCode:    req.ImporterCode,
		Origin:          req.Origin,
		LotDescription:  req.LotDescription,
		ContractedKg:    req.Kg,
		PricePerKgCents: req.PricePerKgCents,
		Status:          models.ContractDraft,
	}
	inserted, err := s.contracts.CreateIfAbsent(ctx, &c, "request_key")
	if err != nil {
		return nil, err
	}
	if !inserted {
		existing, err := s.contracts.FindOne(ctx, "request_key = ?", req.IdempotencyKey)
		if err != nil {
			return nil, err
		}
		if existing.Status != models.ContractDraft {
			return existing, nil
		}
		c = *existing
	}

	ack, err := httpx.RetryValue(ctx, func() (*importer.ContractAck, error) {
		return s.trader.SubmitContract(ctx, importer.ContractRequest{
			ImporterCode:    c.ImporterCode,
			Origin:          c.Origin,
			Description:     c.LotDescription,
			Kg:              c.ContractedKg,
			PricePerKgCents: c.PricePerKgCents,
			ShipmentWindow:  req.ShipmentWindow,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("greencoffee: submit contract %s: %w", c.ID, err)
	}

	if _, err := s.contracts.UpdateWhere(ctx, map[string]any{
		"status":                models.ContractSubmitted,
		"importer_contract_ref": ack.ContractRef,
	}, "id = ? AND status = ?", c.ID, models.ContractDraft); err != nil {
		return nil, err
	}
	return s.contracts.Get(ctx, c.ID)
}

const confirmConsumer = "importer.contract_confirmed"

// ConfirmContract applies the importer's confirmation. The message id is
// claimed in the same transaction as the update.
func (s *service) ConfirmContract(ctx context.Context, messageID string, c Confirmation) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claim := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&models.ProcessedMessage{
			Consumer:  confirmConsumer,
			MessageID: messageID,
		})
		if claim.Error != nil {
			return claim.Error
		}
		if claim.RowsAffected == 0 {
			return nil
		}
		res := tx.Model(&models.GreenContract{}).
			Where("importer_code = ? AND importer_contract_ref = ?", c.ImporterCode, c.ContractRef).
			Updates(map[string]any{
				"status":             models.ContractConfirmed,
				"price_per_kg_cents": c.PricePerKgCents,
				"confirmed_at":       c.ConfirmedAt,
			})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("%w: %s/%s", ErrUnknownContract, c.ImporterCode, c.ContractRef)
		}
		return nil
	})
}

// ReceiveLot books a landed lot into green inventory.
func (s *service) ReceiveLot(ctx context.Context, a LotArrival) (*models.GreenLot, error) {
	if a.Kg <= 0 || a.LotNumber == "" {
		return nil, fmt.Errorf("%w: lot_number and kg are required", ErrInvalid)
	}
	contract, err := s.contracts.FindOne(ctx, "importer_code = ? AND importer_contract_ref = ?", a.ImporterCode, a.ContractRef)
	if errors.Is(err, db.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s/%s", ErrUnknownContract, a.ImporterCode, a.ContractRef)
	}
	if err != nil {
		return nil, err
	}

	lot := models.GreenLot{
		ID:           uuid.New(),
		ContractID:   contract.ID,
		LotNumber:    a.LotNumber,
		WarehouseRef: a.WarehouseRef,
		KgReceived:   a.Kg,
		KgOnHand:     a.Kg,
		ReceivedAt:   a.ArrivedAt,
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&lot).Error; err != nil {
			return err
		}
		return tx.Model(&models.GreenContract{}).Where("id = ?", contract.ID).
			Update("received_kg", gorm.Expr("received_kg + ?", a.Kg)).Error
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("green lot received", "contract_id", contract.ID, "lot", a.LotNumber, "kg", a.Kg)
	return &lot, nil
}
