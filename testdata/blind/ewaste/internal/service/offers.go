package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/provider/carrier"
)

type notificationStore interface {
	Exists(ctx context.Context, tradeInID uuid.UUID, kind string) (bool, error)
	Insert(ctx context.Context, n *model.OfferNotification) error
}

// OfferService turns a grading into the final offer and handles the
// customer-facing side of a revision.
type OfferService struct {
	tx            database.Transactor
	tradeIns      tradeInStore
	devices       deviceStore
	gradings      gradingStore
	customers     customerStore
	notifications notificationStore
	shipments     shipmentStore
	carrier       LabelBuyer
	prices        *PriceBook

	warehouseAddressID string
	newID              ids.UUIDFunc
	now                Clock
}

type OfferDeps struct {
	Tx                 database.Transactor
	TradeIns           tradeInStore
	Devices            deviceStore
	Gradings           gradingStore
	Customers          customerStore
	Notifications      notificationStore
	Shipments          shipmentStore
	Carrier            LabelBuyer
	Prices             *PriceBook
	WarehouseAddressID string
}

func NewOfferService(d OfferDeps) *OfferService {
	return &OfferService{
		tx: d.Tx, tradeIns: d.TradeIns, devices: d.Devices, gradings: d.Gradings,
		customers: d.Customers, notifications: d.Notifications, shipments: d.Shipments,
		carrier: d.Carrier, prices: d.Prices,
		warehouseAddressID: d.WarehouseAddressID, newID: ids.NewUUID, now: UTCNow,
	}
}

// FinalOffer is the priced outcome of a grading.
type FinalOffer struct {
	TradeInID        uuid.UUID `json:"trade_in_id"`
	DeviceID         uuid.UUID `json:"device_id"`
	QuotedCents      int64     `json:"quoted_cents"`
	FinalCents       int64     `json:"final_cents"`
	Currency         string    `json:"currency"`
	Grade            string    `json:"grade"`
	Revised          bool      `json:"revised"`
	PayoutPreference string    `json:"payout_preference"`
}

// PriceFinal computes the final offer from the latest grading. It writes
// nothing.
func (s *OfferService) PriceFinal(ctx context.Context, tradeInID, deviceID uuid.UUID) (FinalOffer, error) {
	ti, err := s.tradeIns.Get(ctx, tradeInID)
	if err != nil {
		return FinalOffer{}, err
	}
	g, err := s.gradings.Latest(ctx, deviceID)
	if err != nil {
		return FinalOffer{}, wrap("latest grading", err)
	}
	final := s.prices.FinalOffer(ti.QuotedCents, g.Grade, g.BatteryHealth, g.ActivationLocked)
	if final > ti.QuotedCents {
		// Never pay more than quoted; upgrades are absorbed as margin.
		final = ti.QuotedCents
	}
	return FinalOffer{
		TradeInID:        ti.ID,
		DeviceID:         deviceID,
		QuotedCents:      ti.QuotedCents,
		FinalCents:       final,
		Currency:         ti.Currency,
		Grade:            g.Grade,
		Revised:          final < ti.QuotedCents,
		PayoutPreference: ti.PayoutPreference,
	}, nil
}

// RecordFinal stores the final offer once. A repeat with the same amount is
// accepted; a different amount means the trade-in was priced elsewhere.
func (s *OfferService) RecordFinal(ctx context.Context, offer FinalOffer) error {
	status := model.TradeInOfferFinal
	if offer.Revised {
		status = model.TradeInOfferPending
	}
	n, err := s.tradeIns.SetFinalOffer(ctx, offer.TradeInID, offer.FinalCents, status)
	if err != nil {
		return wrap("record final offer", err)
	}
	if n == 1 {
		return nil
	}
	ti, err := s.tradeIns.Get(ctx, offer.TradeInID)
	if err != nil {
		return err
	}
	if deref(ti.FinalOfferCents) != offer.FinalCents {
		return fmt.Errorf("%w: trade-in already has final offer %d", ErrConflict, deref(ti.FinalOfferCents))
	}
	return nil
}

// RevisionNotice is the text message telling a customer about a revision.
type RevisionNotice struct {
	TradeInID uuid.UUID `json:"trade_in_id"`
	Phone     string    `json:"phone"`
	Text      string    `json:"text"`
}

const noticeOfferRevised = "offer_revised"

// PrepareRevisionNotice builds the revision text for a customer. It returns
// nil when the customer was already told or has no phone on file.
func (s *OfferService) PrepareRevisionNotice(ctx context.Context, offer FinalOffer) (*RevisionNotice, error) {
	sent, err := s.notifications.Exists(ctx, offer.TradeInID, noticeOfferRevised)
	if err != nil {
		return nil, err
	}
	if sent {
		return nil, nil
	}
	ti, err := s.tradeIns.Get(ctx, offer.TradeInID)
	if err != nil {
		return nil, err
	}
	cust, err := s.customers.Get(ctx, ti.CustomerID)
	if err != nil {
		return nil, err
	}
	if cust.Phone == nil {
		slog.WarnContext(ctx, "no phone on file; customer will see the revision in their account", "customer_id", cust.ID)
		return nil, nil
	}
	return &RevisionNotice{
		TradeInID: ti.ID,
		Phone:     *cust.Phone,
		Text: fmt.Sprintf("CircuitBack: your device was graded %s. Revised offer %s (was %s). Reply in the app within 72h; no answer accepts it.",
			offer.Grade, formatCents(offer.FinalCents, offer.Currency), formatCents(offer.QuotedCents, offer.Currency)),
	}, nil
}

// RecordRevisionNotice stores that the revision text went out.
func (s *OfferService) RecordRevisionNotice(ctx context.Context, tradeInID uuid.UUID, providerRef string) error {
	return s.notifications.Insert(ctx, &model.OfferNotification{
		ID:          s.newID(),
		TradeInID:   tradeInID,
		Kind:        noticeOfferRevised,
		Channel:     "sms",
		ProviderRef: &providerRef,
		Status:      "sent",
		CreatedAt:   s.now(),
	})
}

// RequestReturn ships a device back to a customer who declined the revised
// offer. The label is bought under a key derived from the trade-in, so the
// carrier returns the same label if this runs again.
func (s *OfferService) RequestReturn(ctx context.Context, tradeInID uuid.UUID) (*model.Shipment, error) {
	if sh, err := s.shipments.ForTradeIn(ctx, tradeInID, model.DirectionReturn); err == nil {
		return sh, nil
	}
	ti, err := s.tradeIns.Get(ctx, tradeInID)
	if err != nil {
		return nil, err
	}
	var to carrier.Address
	if err := json.Unmarshal(ti.ReturnAddress, &to); err != nil {
		return nil, wrap("return address", err)
	}
	label, err := s.carrier.CreateLabel(ctx, carrier.LabelRequest{
		FromAddressID: s.warehouseAddressID,
		To:            &to,
		Parcel:        carrier.Parcel{WeightGrams: 900, Packaging: "small_box"},
		Reference:     "RET-" + ti.ID.String(),
		Insurance:     ti.QuotedCents,
	}, ids.Derived("return-label", ti.ID.String()))
	if err != nil {
		return nil, wrap("buy return label", err)
	}
	var sh *model.Shipment
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		sh, err = s.shipments.CreateReturn(ctx, &model.Shipment{
			ID:             s.newID(),
			TradeInID:      &ti.ID,
			Direction:      model.DirectionReturn,
			Carrier:        carrier.Name,
			CarrierLabelID: label.ID,
			TrackingNumber: label.TrackingNumber,
			LabelURL:       label.LabelURL,
			PostageCents:   label.PostageCents,
			Status:         "label_created",
		})
		if err != nil {
			return err
		}
		if _, err := s.tradeIns.Transition(ctx, ti.ID, []string{model.TradeInOfferPending}, model.TradeInReturning); err != nil {
			return err
		}
		dev, err := s.devices.ByTradeIn(ctx, ti.ID)
		if err != nil {
			return err
		}
		_, err = s.devices.Transition(ctx, dev.ID, []string{model.DeviceGraded}, model.DeviceReturned)
		return err
	})
	if err != nil {
		return nil, wrap("store return shipment", err)
	}
	return sh, nil
}

// AcceptRevision marks a revised offer as final after the customer (or the
// response timeout) accepts it.
func (s *OfferService) AcceptRevision(ctx context.Context, tradeInID uuid.UUID) error {
	_, err := s.tradeIns.Transition(ctx, tradeInID, []string{model.TradeInOfferPending}, model.TradeInOfferFinal)
	return wrap("accept revision", err)
}
