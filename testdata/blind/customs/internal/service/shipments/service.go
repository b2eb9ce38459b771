// Package shipments implements importer-facing shipment operations.
package shipments

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/harborline/brokerage/internal/clients/payments"
	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/platform/ids"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/service/svcerr"
	"github.com/harborline/brokerage/internal/workflows"
)

// Service is the shipment use-case boundary.
type Service interface {
	Create(ctx context.Context, importerID, idempotencyKey string, in CreateInput) (*CreateResult, error)
	Get(ctx context.Context, importerID, shipmentID string) (*domain.Shipment, error)
	AttachDocument(ctx context.Context, importerID, shipmentID string, in DocumentInput) (*domain.ShipmentDocument, error)
	Submit(ctx context.Context, importerID, shipmentID string) (*SubmitResult, error)
	Cancel(ctx context.Context, importerID, shipmentID, reason string) error
}

// CreateInput is the body of POST /v1/shipments.
type CreateInput struct {
	Reference          string      `json:"reference" binding:"required,max=64"`
	TransportMode      string      `json:"transport_mode" binding:"required,oneof=sea air road rail"`
	OriginCountry      string      `json:"origin_country" binding:"required,len=2"`
	PortOfEntry        string      `json:"port_of_entry" binding:"required"`
	CarrierSCAC        string      `json:"carrier_scac"`
	BillOfLading       string      `json:"bill_of_lading"`
	DeclaredValueCents int64       `json:"declared_value_cents" binding:"required,gt=0"`
	Currency           string      `json:"currency" binding:"required,len=3"`
	Lines              []LineInput `json:"lines" binding:"required,min=1,dive"`
}

// LineInput is one tariff line of CreateInput.
type LineInput struct {
	HSCode      string  `json:"hs_code" binding:"required,min=6,max=10"`
	Description string  `json:"description" binding:"required"`
	Quantity    float64 `json:"quantity" binding:"required,gt=0"`
	Unit        string  `json:"unit" binding:"required"`
	ValueCents  int64   `json:"value_cents" binding:"required,gt=0"`
}

// CreateResult is the stored response of a create request.
type CreateResult struct {
	ShipmentID string    `json:"shipment_id"`
	Status     string    `json:"status"`
	CreatedAt  time.Time `json:"created_at"`
	Replayed   bool      `json:"-"`
}

// DocumentInput registers a document already uploaded to object storage.
type DocumentInput struct {
	Kind       string `json:"kind" binding:"required,oneof=commercial_invoice packing_list certificate_of_origin licence other"`
	FileName   string `json:"file_name" binding:"required"`
	StorageKey string `json:"storage_key" binding:"required"`
	SHA256     string `json:"sha256" binding:"required,len=64,hexadecimal"`
	SizeBytes  int64  `json:"size_bytes" binding:"required,gt=0"`
}

// SubmitResult identifies the declaration workflow for a submitted shipment.
type SubmitResult struct {
	ShipmentID string `json:"shipment_id"`
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
}

// Deps are the dependencies injected by fx.
type Deps struct {
	fx.In

	Tx        repository.Transactor
	Shipments repository.ShipmentRepository
	Documents repository.DocumentRepository
	Payments  repository.PaymentRepository
	Idem      repository.IdempotencyRepository
	Audit     repository.AuditRepository
	Provider  payments.Provider
	Temporal  client.Client
	Config    *config.Config
	Log       *slog.Logger
}

type service struct {
	Deps
	now func() time.Time
}

// New returns the shipment service.
func New(d Deps) *service {
	return &service{Deps: d, now: func() time.Time { return time.Now().UTC() }}
}

const scopeCreateShipment = "shipments.create"

func (s *service) Create(ctx context.Context, importerID, key string, in CreateInput) (*CreateResult, error) {
	if strings.TrimSpace(key) == "" {
		return nil, svcerr.Invalid("Idempotency-Key header is required")
	}
	hash, err := requestHash(in)
	if err != nil {
		return nil, err
	}
	scope := scopeCreateShipment + ":" + importerID

	var result CreateResult
	err = s.Tx.InTx(ctx, func(tx *gorm.DB) error {
		idem := s.Idem.WithTx(tx)
		stored, claimed, err := idem.Claim(ctx, scope, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if stored.RequestHash != hash {
				return svcerr.ErrKeyReused
			}
			if stored.ResponseBody == nil {
				return svcerr.ErrInProgress
			}
			result.Replayed = true
			return json.Unmarshal(stored.ResponseBody, &result)
		}

		sh := &domain.Shipment{
			ID:                 ids.New(ids.Shipment),
			ImporterID:         importerID,
			Reference:          in.Reference,
			TransportMode:      in.TransportMode,
			OriginCountry:      strings.ToUpper(in.OriginCountry),
			PortOfEntry:        in.PortOfEntry,
			CarrierSCAC:        optional(in.CarrierSCAC),
			BillOfLading:       optional(in.BillOfLading),
			DeclaredValueCents: in.DeclaredValueCents,
			Currency:           strings.ToUpper(in.Currency),
			Status:             domain.ShipmentDraft,
		}
		for i, l := range in.Lines {
			sh.Lines = append(sh.Lines, domain.ShipmentLine{
				ID:          ids.Derive("sln", sh.ID, strconv.Itoa(i+1)),
				LineNo:      i + 1,
				HSCode:      l.HSCode,
				Description: l.Description,
				Quantity:    l.Quantity,
				Unit:        l.Unit,
				ValueCents:  l.ValueCents,
			})
		}
		if err := s.Shipments.WithTx(tx).Create(ctx, sh); err != nil {
			if isUnique(err) {
				return svcerr.Conflict("shipment reference %q already exists", in.Reference)
			}
			return err
		}
		if err := s.Audit.WithTx(tx).Append(ctx, &domain.AuditEntry{
			ID: ids.New(ids.Audit), Actor: importerID, Action: "shipment.created", Subject: sh.ID,
		}); err != nil {
			return err
		}

		result = CreateResult{ShipmentID: sh.ID, Status: sh.Status, CreatedAt: s.now()}
		body, err := domain.MarshalToJSON(result)
		if err != nil {
			return err
		}
		return idem.Complete(ctx, scope, key, 201, body)
	})
	if err != nil {
		return nil, err
	}
	return &result, nil
}

func (s *service) Get(ctx context.Context, importerID, shipmentID string) (*domain.Shipment, error) {
	sh, err := s.Shipments.GetForImporter(ctx, importerID, shipmentID)
	return sh, svcerr.FromRepo(err)
}

func (s *service) AttachDocument(ctx context.Context, importerID, shipmentID string, in DocumentInput) (*domain.ShipmentDocument, error) {
	sh, err := s.Shipments.GetForImporter(ctx, importerID, shipmentID)
	if err != nil {
		return nil, svcerr.FromRepo(err)
	}
	if sh.Status == domain.ShipmentCancelled || sh.Status == domain.ShipmentCleared {
		return nil, svcerr.Conflict("shipment is %s", sh.Status)
	}
	doc := &domain.ShipmentDocument{
		ID:         ids.New(ids.Document),
		ShipmentID: sh.ID,
		Kind:       in.Kind,
		FileName:   in.FileName,
		StorageKey: in.StorageKey,
		SHA256:     strings.ToLower(in.SHA256),
		SizeBytes:  in.SizeBytes,
		UploadedAt: s.now(),
	}
	if err := s.Documents.Create(ctx, doc); err != nil {
		return nil, err
	}
	return doc, nil
}

func (s *service) Submit(ctx context.Context, importerID, shipmentID string) (*SubmitResult, error) {
	sh, err := s.Shipments.GetForImporter(ctx, importerID, shipmentID)
	if err != nil {
		return nil, svcerr.FromRepo(err)
	}
	switch sh.Status {
	case domain.ShipmentDraft:
		if _, err := s.Shipments.TransitionStatus(ctx, sh.ID, domain.ShipmentDraft, domain.ShipmentSubmitted); err != nil {
			return nil, err
		}
	case domain.ShipmentSubmitted, domain.ShipmentArrived:
		// already submitted; starting the workflow again is a no-op
	default:
		return nil, svcerr.Conflict("shipment is %s", sh.Status)
	}

	run, err := s.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       workflows.DeclarationWorkflowID(sh.ID),
		TaskQueue:                s.Config.DeclarationTaskQueue,
		WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowExecutionTimeout: 30 * 24 * time.Hour,
	}, workflows.DeclarationWorkflowName, workflows.DeclarationInput{ShipmentID: sh.ID, RequestedBy: importerID})
	if err != nil {
		var started *serviceerror.WorkflowExecutionAlreadyStarted
		if errors.As(err, &started) {
			return &SubmitResult{ShipmentID: sh.ID, WorkflowID: workflows.DeclarationWorkflowID(sh.ID), RunID: started.RunId}, nil
		}
		return nil, fmt.Errorf("start declaration workflow: %w", err)
	}
	return &SubmitResult{ShipmentID: sh.ID, WorkflowID: run.GetID(), RunID: run.GetRunID()}, nil
}

// Cancel withdraws a shipment that has not yet been cleared and returns any
// deposits taken for it.
func (s *service) Cancel(ctx context.Context, importerID, shipmentID, reason string) error {
	sh, err := s.Shipments.GetForImporter(ctx, importerID, shipmentID)
	if err != nil {
		return svcerr.FromRepo(err)
	}
	switch sh.Status {
	case domain.ShipmentCancelled:
		return nil
	case domain.ShipmentDraft, domain.ShipmentSubmitted, domain.ShipmentArrived:
	default:
		return svcerr.Conflict("shipment is %s and can no longer be cancelled", sh.Status)
	}

	if err := s.Shipments.MarkCancelled(ctx, sh.ID, s.now()); err != nil {
		return err
	}
	if err := s.Temporal.CancelWorkflow(ctx, workflows.DeclarationWorkflowID(sh.ID), ""); err != nil {
		var nf *serviceerror.NotFound
		if !errors.As(err, &nf) {
			s.Log.WarnContext(ctx, "cancel workflow", "shipment", sh.ID, "err", err)
		}
	}

	deposits, err := s.Payments.SucceededDeposits(ctx, sh.ID)
	if err != nil {
		return err
	}
	for _, d := range deposits {
		if d.ProviderPaymentID == nil {
			continue
		}
		refund, err := s.Provider.Refund(ctx, payments.RefundParams{
			ChargeID:    *d.ProviderPaymentID,
			AmountCents: d.AmountCents,
			Reason:      "shipment_cancelled",
		}, payments.WithIdempotencyKey("deposit-refund:"+d.ID))
		if err != nil {
			return fmt.Errorf("refund deposit %s: %w", d.ID, err)
		}
		err = s.Tx.InTx(ctx, func(tx *gorm.DB) error {
			pr := s.Payments.WithTx(tx)
			if err := pr.CreateRefund(ctx, &domain.Refund{
				ID: ids.Derive(ids.Refund, d.ID), DepositID: d.ID, ShipmentID: sh.ID,
				AmountCents: d.AmountCents, ProviderRefundID: refund.ID,
			}); err != nil {
				return err
			}
			if err := pr.SetDepositStatus(ctx, d.ID, domain.PaymentRefunded); err != nil {
				return err
			}
			return s.Shipments.WithTx(tx).AdjustDepositBalance(ctx, sh.ID, -d.AmountCents)
		})
		if err != nil {
			return err
		}
	}
	return s.Audit.Append(ctx, &domain.AuditEntry{
		ID: ids.New(ids.Audit), Actor: importerID, Action: "shipment.cancelled", Subject: sh.ID,
		Detail: mustJSON(map[string]string{"reason": reason}),
	})
}

func requestHash(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func mustJSON(v any) domain.JSON {
	j, _ := domain.MarshalToJSON(v)
	return j
}
