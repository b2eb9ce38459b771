package partners

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/ids"
	"github.com/northmill/procure/internal/purchasing"
	"github.com/northmill/procure/internal/suppliers"
)

// ErrUnknownSender is returned for documents from a partner ID we do not
// have on file.
var ErrUnknownSender = errors.New("unknown EDI sender")

// Service applies inbound partner documents.
type Service struct {
	store     *db.Store
	repo      *Repo
	pos       *purchasing.Repo
	suppliers *suppliers.Repo
	log       *slog.Logger
}

// NewService wires the service.
func NewService(store *db.Store, repo *Repo, pos *purchasing.Repo, sup *suppliers.Repo, log *slog.Logger) *Service {
	return &Service{store: store, repo: repo, pos: pos, suppliers: sup, log: log}
}

func decodePayload[T any](in Inbound) (T, error) {
	var v T
	if err := json.Unmarshal(in.Payload, &v); err != nil {
		return v, fmt.Errorf("%s %s: decode payload: %w", in.DocType, in.DocumentID, err)
	}
	return v, nil
}

func (s *Service) sender(ctx context.Context, q db.Querier, partnerID string) (suppliers.Supplier, error) {
	sup, err := s.suppliers.ByPartnerID(ctx, q, partnerID)
	if errors.Is(err, db.ErrNotFound) {
		return sup, fmt.Errorf("%w: %s", ErrUnknownSender, partnerID)
	}
	return sup, err
}

// RecordOrderResponse stores a supplier's ORDRSP and moves the PO to
// acknowledged or rejected.
func (s *Service) RecordOrderResponse(ctx context.Context, in Inbound) error {
	resp, err := decodePayload[OrderResponse](in)
	if err != nil {
		return err
	}
	return s.store.ExecTx(ctx, func(q db.Querier) error {
		sup, err := s.sender(ctx, q, in.SenderID)
		if err != nil {
			return err
		}
		po, err := s.pos.ByNumber(ctx, q, resp.OrderNumber)
		if err != nil {
			return fmt.Errorf("order %s: %w", resp.OrderNumber, err)
		}
		if po.SupplierID != sup.ID {
			return fmt.Errorf("order %s does not belong to sender %s", po.Number, in.SenderID)
		}

		if err := s.repo.InsertAcknowledgement(ctx, q, Acknowledgement{
			PartnerMessageID: in.MessageID,
			POID:             po.ID,
			ResponseCode:     resp.ResponseCode,
			PromisedDate:     optional(resp.PromisedDate),
			Note:             optional(resp.Note),
		}); err != nil {
			return fmt.Errorf("store order response: %w", err)
		}

		switch resp.ResponseCode {
		case "AP", "AC":
			_, err = s.pos.Transition(ctx, q, po.ID, []string{purchasing.StatusSent}, purchasing.StatusAcknowledged)
		case "RE":
			_, err = s.pos.Transition(ctx, q, po.ID,
				[]string{purchasing.StatusSent, purchasing.StatusAcknowledged}, purchasing.StatusRejected)
			if err == nil {
				s.log.WarnContext(ctx, "supplier rejected order", "po", po.Number, "note", resp.Note)
			}
		}
		return err
	})
}

// RecordDespatchAdvice stores an advance shipping notice.
func (s *Service) RecordDespatchAdvice(ctx context.Context, in Inbound) error {
	asn, err := decodePayload[DespatchAdvice](in)
	if err != nil {
		return err
	}
	return s.store.ExecTx(ctx, func(q db.Querier) error {
		sup, err := s.sender(ctx, q, in.SenderID)
		if err != nil {
			return err
		}
		po, err := s.pos.ByNumber(ctx, q, asn.OrderNumber)
		if err != nil {
			return fmt.Errorf("order %s: %w", asn.OrderNumber, err)
		}
		created, err := s.repo.InsertDelivery(ctx, q, Delivery{
			ID:         ids.Delivery(),
			SupplierID: sup.ID,
			ASNNumber:  asn.ASNNumber,
			POID:       po.ID,
			ShipDate:   optional(asn.ShipDate),
			ETA:        optional(asn.ETA),
			Carrier:    optional(asn.Carrier),
			Lines:      asn.Lines,
		})
		if err != nil {
			return err
		}
		if created {
			s.log.InfoContext(ctx, "delivery announced", "po", po.Number, "asn", asn.ASNNumber, "eta", asn.ETA)
		}
		return nil
	})
}

// RecordCharge stores a supplier charge notice for AP review and adds it to
// the supplier's open payables.
func (s *Service) RecordCharge(ctx context.Context, in Inbound) (Charge, error) {
	notice, err := decodePayload[ChargeNotice](in)
	if err != nil {
		return Charge{}, err
	}
	if notice.AmountMinor <= 0 {
		return Charge{}, fmt.Errorf("charge notice %s: amount must be positive", in.DocumentID)
	}

	var ch Charge
	err = s.store.ExecTx(ctx, func(q db.Querier) error {
		sup, err := s.sender(ctx, q, in.SenderID)
		if err != nil {
			return err
		}
		ch = Charge{
			ID:           ids.Charge(),
			SupplierID:   sup.ID,
			ChargeType:   notice.ChargeType,
			AmountMinor:  notice.AmountMinor,
			Currency:     notice.Currency,
			PartnerDocID: in.DocumentID,
			Status:       "pending_review",
		}
		if notice.OrderNumber != "" {
			po, err := s.pos.ByNumber(ctx, q, notice.OrderNumber)
			if err != nil {
				return fmt.Errorf("order %s: %w", notice.OrderNumber, err)
			}
			ch.POID = &po.ID
		}
		if err := s.repo.InsertCharge(ctx, q, ch); err != nil {
			return err
		}
		return s.suppliers.AdjustBalance(ctx, q, sup.ID, ch.AmountMinor, 0)
	})
	return ch, err
}
