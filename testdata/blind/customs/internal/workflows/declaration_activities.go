package workflows

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/harborline/brokerage/internal/clients/customs"
	"github.com/harborline/brokerage/internal/clients/inspections"
	"github.com/harborline/brokerage/internal/clients/payments"
	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/notify"
	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/platform/ids"
	"github.com/harborline/brokerage/internal/repository"
)

// DeclarationActivities implements every activity of DeclarationWorkflow.
// It is registered with the worker as a struct, so each exported method is
// an activity named after the method.
type DeclarationActivities struct {
	db           *gorm.DB
	tx           repository.Transactor
	shipments    repository.ShipmentRepository
	declarations repository.DeclarationRepository
	payments     repository.PaymentRepository
	inspections  repository.InspectionRepository
	billing      repository.BillingRepository
	importers    repository.ImporterRepository
	tariffs      repository.TariffRepository
	audit        repository.AuditRepository

	authority customs.Authority
	provider  payments.Provider
	partner   inspections.Partner
	publisher notify.Publisher

	declarantEORI string
	log           *slog.Logger
}

// DeclarationDeps are the dependencies injected by fx.
type DeclarationDeps struct {
	fx.In

	DB           *gorm.DB
	Tx           repository.Transactor
	Shipments    repository.ShipmentRepository
	Declarations repository.DeclarationRepository
	Payments     repository.PaymentRepository
	Inspections  repository.InspectionRepository
	Billing      repository.BillingRepository
	Importers    repository.ImporterRepository
	Tariffs      repository.TariffRepository
	Audit        repository.AuditRepository
	Authority    customs.Authority
	Provider     payments.Provider
	Partner      inspections.Partner
	Publisher    notify.Publisher
	Config       *config.Config
	Log          *slog.Logger
}

// NewDeclarationActivities builds the activity struct.
func NewDeclarationActivities(d DeclarationDeps) *DeclarationActivities {
	return &DeclarationActivities{
		db: d.DB, tx: d.Tx,
		shipments: d.Shipments, declarations: d.Declarations, payments: d.Payments,
		inspections: d.Inspections, billing: d.Billing, importers: d.Importers,
		tariffs: d.Tariffs, audit: d.Audit,
		authority: d.Authority, provider: d.Provider, partner: d.Partner, publisher: d.Publisher,
		declarantEORI: d.Config.Customs.DeclarantEORI,
		log:           d.Log.With("component", "declaration-activities"),
	}
}

// lrnFor derives the Local Reference Number for a shipment's declaration.
// LRNs are at most 22 characters.
func lrnFor(shipmentID string) string {
	d := ids.Derive("", "lrn", shipmentID)
	return "HL" + d[:20]
}

// PrepareDeclaration creates the declaration row for a shipment, estimating
// duty from the current tariff rates.
func (a *DeclarationActivities) PrepareDeclaration(ctx context.Context, shipmentID string) (*PrepareResult, error) {
	sh, err := a.shipments.Get(ctx, shipmentID)
	if err != nil {
		return nil, err
	}
	if sh.Status == domain.ShipmentCancelled {
		return nil, temporal.NewNonRetryableApplicationError("shipment cancelled", "Cancelled", nil)
	}
	codes := make([]string, 0, len(sh.Lines))
	for _, l := range sh.Lines {
		codes = append(codes, l.HSCode)
	}
	rates, err := a.tariffs.Rates(ctx, codes)
	if err != nil {
		return nil, err
	}
	var duty int64
	for _, l := range sh.Lines {
		duty += l.ValueCents * int64(rates[l.HSCode].DutyRateBps) / 10_000
	}

	decl := &domain.Declaration{
		ID:            ids.Derive(ids.Declaration, sh.ID),
		ShipmentID:    sh.ID,
		ImporterID:    sh.ImporterID,
		LRN:           lrnFor(sh.ID),
		ProcedureCode: "4000",
		Status:        domain.DeclarationPrepared,
		DutyCents:     duty,
		VATCents:      (sh.DeclaredValueCents + duty) * 20 / 100,
		Currency:      sh.Currency,
		WorkflowID:    activity.GetInfo(ctx).WorkflowExecution.ID,
	}
	stored, err := a.declarations.CreateIfAbsent(ctx, decl)
	if err != nil {
		return nil, fmt.Errorf("prepare declaration: %w", err)
	}
	return &PrepareResult{DeclarationID: stored.ID, LRN: stored.LRN}, nil
}

// FileDeclaration submits the declaration to the customs authority under its
// stored LRN and records the MRN and assessed amounts.
func (a *DeclarationActivities) FileDeclaration(ctx context.Context, declarationID string) (*FileResult, error) {
	decl, err := a.declarations.Get(ctx, declarationID)
	if err != nil {
		return nil, err
	}
	if decl.MRN != nil {
		return &FileResult{MRN: *decl.MRN, DutyCents: decl.DutyCents, VATCents: decl.VATCents}, nil
	}
	sh, err := a.shipments.Get(ctx, decl.ShipmentID)
	if err != nil {
		return nil, err
	}
	imp, err := a.importers.Get(ctx, decl.ImporterID)
	if err != nil {
		return nil, err
	}

	req := customs.FilingRequest{
		LRN:           decl.LRN,
		DeclarantEORI: a.declarantEORI,
		ImporterEORI:  imp.EORI,
		ProcedureCode: decl.ProcedureCode,
		PortOfEntry:   sh.PortOfEntry,
		OriginCountry: sh.OriginCountry,
		TransportMode: sh.TransportMode,
		Currency:      sh.Currency,
	}
	if sh.BillOfLading != nil {
		req.TransportDoc = *sh.BillOfLading
	}
	for _, l := range sh.Lines {
		req.Items = append(req.Items, customs.FilingItem{
			Sequence: l.LineNo, Commodity: l.HSCode, Description: l.Description,
			Quantity: l.Quantity, Unit: l.Unit, ValueCents: l.ValueCents,
		})
	}

	resp, err := a.authority.FileDeclaration(ctx, req)
	if errors.Is(err, customs.ErrRejected) {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), "Rejected", err)
	}
	if err != nil {
		return nil, err
	}
	if err := a.declarations.MarkFiled(ctx, decl.ID, resp.MRN, resp.DutyCents, resp.VATCents, resp.AcceptedAt); err != nil {
		return nil, err
	}
	return &FileResult{MRN: resp.MRN, DutyCents: resp.DutyCents, VATCents: resp.VATCents}, nil
}

// PayDuties pays the assessed duty and VAT from the importer's default
// payment method. The payment intent row is committed before the provider is
// called and its key is reused on every attempt.
func (a *DeclarationActivities) PayDuties(ctx context.Context, declarationID string) error {
	decl, err := a.declarations.Get(ctx, declarationID)
	if err != nil {
		return err
	}
	if decl.Status != domain.DeclarationFiled {
		return nil
	}
	imp, err := a.importers.Get(ctx, decl.ImporterID)
	if err != nil {
		return err
	}
	pm, err := a.payments.DefaultPaymentMethod(ctx, decl.ImporterID)
	if err != nil {
		return temporal.NewNonRetryableApplicationError("no default payment method", "NoPaymentMethod", err)
	}
	if imp.PaymentsCustomerID == nil {
		return temporal.NewNonRetryableApplicationError("importer has no payments customer", "NoCustomer", nil)
	}

	intent, err := a.payments.EnsureDutyPayment(ctx, &domain.DutyPayment{
		ID:             ids.Derive(ids.Payment, decl.ID),
		DeclarationID:  decl.ID,
		ImporterID:     decl.ImporterID,
		AmountCents:    decl.TotalDueCents(),
		Currency:       decl.Currency,
		Status:         domain.PaymentPending,
		IdempotencyKey: "duty:" + decl.ID,
	})
	if err != nil {
		return err
	}
	if intent.Status == domain.PaymentSucceeded {
		return a.declarations.SetStatus(ctx, decl.ID, domain.DeclarationPaid)
	}

	info := activity.GetInfo(ctx)
	_ = a.payments.AppendAttempt(ctx, &domain.PaymentAttempt{
		ID: ids.New("pat"), PaymentID: intent.ID, Attempt: int(info.Attempt), Outcome: "started",
	})

	charge, err := a.provider.Charge(ctx, payments.ChargeParams{
		CustomerID:  *imp.PaymentsCustomerID,
		MethodID:    pm.ProviderMethodID,
		AmountCents: intent.AmountCents,
		Currency:    intent.Currency,
		Description: "Import duties and VAT " + derefOr(decl.MRN, decl.LRN),
		Metadata:    map[string]string{"declaration_id": decl.ID, "kind": "duty"},
	}, payments.WithIdempotencyKey(intent.IdempotencyKey))
	if errors.Is(err, payments.ErrDeclined) {
		reason := err.Error()
		if serr := a.payments.SettleDutyPayment(ctx, intent.ID, domain.PaymentFailed, nil, &reason); serr != nil {
			return serr
		}
		return temporal.NewNonRetryableApplicationError(reason, "Declined", err)
	}
	if err != nil {
		return err
	}

	return a.tx.InTx(ctx, func(tx *gorm.DB) error {
		if err := a.payments.WithTx(tx).SettleDutyPayment(ctx, intent.ID, domain.PaymentSucceeded, &charge.ID, nil); err != nil {
			return err
		}
		if err := a.declarations.WithTx(tx).SetStatus(ctx, decl.ID, domain.DeclarationPaid); err != nil {
			return err
		}
		_, err := a.billing.WithTx(tx).AddLineItemOnce(ctx, &domain.BillingLineItem{
			ID:          ids.Derive(ids.LineItem, decl.ID, "disbursement"),
			ImporterID:  decl.ImporterID,
			ShipmentID:  &decl.ShipmentID,
			Kind:        "disbursement_fee",
			Description: "Duty disbursement " + derefOr(decl.MRN, decl.LRN),
			AmountCents: disbursementFee(intent.AmountCents),
			Currency:    intent.Currency,
			Period:      domain.Period(time.Now()),
		})
		return err
	})
}

// BookInspection books the physical examination that customs requested when
// it held the declaration.
func (a *DeclarationActivities) BookInspection(ctx context.Context, declarationID string) (string, error) {
	decl, err := a.declarations.Get(ctx, declarationID)
	if err != nil {
		return "", err
	}
	sh, err := a.shipments.Get(ctx, decl.ShipmentID)
	if err != nil {
		return "", err
	}
	info := activity.GetInfo(ctx)
	in, err := a.inspections.EnsureInspection(ctx, &domain.Inspection{
		ID:              ids.Derive(ids.Inspection, sh.ID, "customs_hold"),
		ShipmentID:      sh.ID,
		Kind:            "customs_hold",
		ClientReference: info.WorkflowExecution.ID + ":" + info.ActivityID,
		Status:          "requested",
		RequestedBy:     "customs",
	})
	if err != nil {
		return "", err
	}
	if in.PartnerBookingID != nil {
		return *in.PartnerBookingID, nil
	}

	booking, err := a.partner.Book(ctx, inspections.BookingRequest{
		ClientReference: in.ClientReference,
		Kind:            "physical",
		PortCode:        sh.PortOfEntry,
		ShipmentRef:     sh.Reference,
		TransportDoc:    derefOr(sh.BillOfLading, ""),
		MRN:             derefOr(decl.MRN, ""),
		Notes:           derefOr(decl.DecisionNote, ""),
	})
	if err != nil {
		return "", err
	}
	if err := a.inspections.SetBooking(ctx, in.ID, booking.ID, "booked"); err != nil {
		return "", err
	}
	return booking.ID, nil
}

// NotifyImporter publishes a lifecycle notification for the importer.
func (a *DeclarationActivities) NotifyImporter(ctx context.Context, in NotifyInput) error {
	sh, err := a.shipments.Get(ctx, in.ShipmentID)
	if err != nil {
		return err
	}
	n := notify.For(sh.ImporterID, in.Kind).
		Subject(in.Subject).
		Shipment(sh.ID).
		With("reference", sh.Reference)
	for k, v := range in.Data {
		n.With(k, v)
	}
	return a.publisher.NotifyImporter(ctx, n.Build())
}

// AlertHold texts the importer's operations contact when customs holds a
// declaration, so that they can arrange access for the examination.
func (a *DeclarationActivities) AlertHold(ctx context.Context, declarationID string) error {
	sent, err := a.declarations.HoldAlertSent(ctx, declarationID, "sms")
	if err != nil || sent {
		return err
	}
	decl, err := a.declarations.Get(ctx, declarationID)
	if err != nil {
		return err
	}
	contact, err := a.importers.GetContact(ctx, decl.ImporterID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !contact.SMSOptIn || contact.Phone == "" {
		return nil
	}

	text := fmt.Sprintf("Harborline: customs has held declaration %s for examination. %s",
		derefOr(decl.MRN, decl.LRN), strings.TrimSpace(derefOr(decl.DecisionNote, "")))
	msgID, err := a.publisher.SendSMS(ctx, contact.Phone, text)
	if err != nil {
		return err
	}
	return a.declarations.RecordHoldAlert(ctx, &domain.HoldAlert{
		ID:            ids.Derive(ids.Alert, decl.ID, "sms"),
		DeclarationID: decl.ID,
		Channel:       "sms",
		Destination:   contact.Phone,
		ProviderMsgID: &msgID,
		SentAt:        time.Now().UTC(),
	})
}

// RecordClearance finalises a released declaration: the shipment is marked
// cleared, the importer's monthly volume is counted and the brokerage fee
// for this declaration is added to the month's bill.
func (a *DeclarationActivities) RecordClearance(ctx context.Context, declarationID string) error {
	decl, err := a.declarations.Get(ctx, declarationID)
	if err != nil {
		return err
	}
	decidedAt := time.Now().UTC()
	if decl.DecidedAt != nil {
		decidedAt = *decl.DecidedAt
	}
	period := domain.Period(decidedAt)

	tx := a.db.WithContext(ctx).Begin()
	if err := a.shipments.WithTx(tx).UpdateStatus(ctx, decl.ShipmentID, domain.ShipmentCleared); err != nil {
		tx.Rollback()
		return err
	}
	if err := a.audit.WithTx(tx).Append(ctx, &domain.AuditEntry{
		ID: ids.New(ids.Audit), Actor: "workflow", Action: "shipment.cleared", Subject: decl.ShipmentID,
	}); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit().Error; err != nil {
		return err
	}

	if err := a.billing.IncrementUsage(ctx, decl.ImporterID, period, repository.UsageDeclarations); err != nil {
		return err
	}
	usage, err := a.billing.Usage(ctx, decl.ImporterID, period)
	if err != nil {
		return err
	}
	_, err = a.billing.AddLineItemOnce(ctx, &domain.BillingLineItem{
		ID:          ids.Derive(ids.LineItem, decl.ID, "brokerage"),
		ImporterID:  decl.ImporterID,
		ShipmentID:  &decl.ShipmentID,
		Kind:        "brokerage_fee",
		Description: "Customs clearance " + derefOr(decl.MRN, decl.LRN),
		AmountCents: brokerageFee(usage.DeclarationsCleared),
		Currency:    "EUR",
		Period:      period,
	})
	return err
}

// ReleaseDeposits refunds any duty deposits held for a shipment once its
// duties have been paid and the goods released.
func (a *DeclarationActivities) ReleaseDeposits(ctx context.Context, shipmentID string) error {
	deposits, err := a.payments.SucceededDeposits(ctx, shipmentID)
	if err != nil {
		return err
	}
	for _, d := range deposits {
		if d.ProviderPaymentID == nil {
			continue
		}
		refund, err := a.provider.Refund(ctx, payments.RefundParams{
			ChargeID:    *d.ProviderPaymentID,
			AmountCents: d.AmountCents,
			Reason:      "duties_settled",
		})
		if err != nil {
			return fmt.Errorf("refund deposit %s: %w", d.ID, err)
		}
		err = a.tx.InTx(ctx, func(tx *gorm.DB) error {
			pr := a.payments.WithTx(tx)
			if err := pr.CreateRefund(ctx, &domain.Refund{
				ID: ids.Derive(ids.Refund, d.ID), DepositID: d.ID, ShipmentID: shipmentID,
				AmountCents: d.AmountCents, ProviderRefundID: refund.ID,
			}); err != nil {
				return err
			}
			if err := pr.SetDepositStatus(ctx, d.ID, domain.PaymentRefunded); err != nil {
				return err
			}
			return a.shipments.WithTx(tx).AdjustDepositBalance(ctx, shipmentID, -d.AmountCents)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func derefOr(s *string, def string) string {
	if s == nil || *s == "" {
		return def
	}
	return *s
}
