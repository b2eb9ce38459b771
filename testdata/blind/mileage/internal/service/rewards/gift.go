package rewards

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/idem"
	"github.com/northwind-air/mileage/internal/ports"
)

// giftFeePercent is charged to the sender on top of the gifted miles.
const giftFeePercent = 10

// GiftService moves miles between members.
type GiftService struct {
	tx      ports.TxRunner
	members ports.Members
	ledger  ports.Ledger
	keys    ports.IdempotencyKeys
}

// NewGiftService returns a GiftService.
func NewGiftService(tx ports.TxRunner, members ports.Members, ledger ports.Ledger, keys ports.IdempotencyKeys) *GiftService {
	return &GiftService{tx: tx, members: members, ledger: ledger, keys: keys}
}

// GiftRequest is the body of POST /members/{id}/gifts.
type GiftRequest struct {
	RecipientNumber string `json:"recipientNumber"`
	Miles           int64  `json:"miles"`
	Message         string `json:"message"`
}

// Validate checks the request.
func (r *GiftRequest) Validate() error {
	if r.RecipientNumber == "" {
		return fmt.Errorf("recipientNumber is required")
	}
	if r.Miles < 1000 || r.Miles > 50000 {
		return fmt.Errorf("miles must be between 1000 and 50000")
	}
	return nil
}

// GiftReceipt is returned to the sender.
type GiftReceipt struct {
	RecipientNumber string `json:"recipientNumber"`
	Miles           int64  `json:"miles"`
	Fee             int64  `json:"fee"`
}

// Send gifts miles to another member and charges the gifting fee.
func (s *GiftService) Send(ctx context.Context, senderID string, req GiftRequest) (int, []byte, error) {
	key, ok := idem.KeyFrom(ctx)
	if !ok {
		return 0, nil, fmt.Errorf("%w: Idempotency-Key required", domain.ErrInvalid)
	}
	scope := "gift:" + senderID
	type result struct {
		status int
		body   []byte
	}
	res, err := ports.InTx(ctx, s.tx, func(ctx context.Context) (result, error) {
		claimed, prev, err := s.keys.Claim(ctx, scope, key, senderID)
		if err != nil {
			return result{}, err
		}
		if !claimed {
			if prev == nil || !prev.Completed {
				return result{}, domain.ErrInProgress
			}
			return result{prev.StatusCode, prev.Body}, nil
		}
		recipient, err := s.members.GetByNumber(ctx, req.RecipientNumber)
		if err != nil {
			return result{}, err
		}
		if recipient.ID == senderID {
			return result{}, fmt.Errorf("%w: cannot gift to yourself", domain.ErrInvalid)
		}
		fee := req.Miles * giftFeePercent / 100
		ref := "gift:" + key
		if _, err := s.ledger.Post(ctx, domain.Posting{
			MemberID: senderID, Kind: domain.KindGift, Miles: -(req.Miles + fee),
			Source: "gift-out", SourceRef: ref, Memo: "to " + recipient.Number,
		}); err != nil {
			return result{}, err
		}
		if _, err := s.ledger.Post(ctx, domain.Posting{
			MemberID: recipient.ID, Kind: domain.KindGift, Miles: req.Miles,
			Source: "gift-in", SourceRef: ref, Memo: req.Message,
		}); err != nil {
			return result{}, err
		}
		body, err := json.Marshal(GiftReceipt{RecipientNumber: recipient.Number, Miles: req.Miles, Fee: fee})
		if err != nil {
			return result{}, err
		}
		if err := s.keys.Complete(ctx, scope, key, http.StatusCreated, body); err != nil {
			return result{}, err
		}
		return result{http.StatusCreated, body}, nil
	})
	return res.status, res.body, err
}
