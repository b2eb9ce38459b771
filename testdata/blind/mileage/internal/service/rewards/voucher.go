// Package rewards issues upgrade vouchers, member-to-member gifts and
// missing-credit claims.
package rewards

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/idem"
	"github.com/northwind-air/mileage/internal/ports"
)

// VoucherTypes lists the vouchers members can buy and their price in miles.
var VoucherTypes = map[string]struct {
	Miles    int64
	Validity time.Duration
}{
	"SHORT_HAUL_UPGRADE": {Miles: 15000, Validity: 365 * 24 * time.Hour},
	"LONG_HAUL_UPGRADE":  {Miles: 40000, Validity: 365 * 24 * time.Hour},
	"LOUNGE_PASS":        {Miles: 4000, Validity: 180 * 24 * time.Hour},
}

const voucherScope = "voucher"

// VoucherService sells vouchers for miles.
type VoucherService struct {
	tx      ports.TxRunner
	ledger  ports.Ledger
	rewards ports.Rewards
	keys    ports.IdempotencyKeys
}

// NewVoucherService returns a VoucherService.
func NewVoucherService(tx ports.TxRunner, ledger ports.Ledger, rewards ports.Rewards, keys ports.IdempotencyKeys) *VoucherService {
	return &VoucherService{tx: tx, ledger: ledger, rewards: rewards, keys: keys}
}

// VoucherRequest is the body of POST /members/{id}/vouchers.
type VoucherRequest struct {
	Type string `json:"type"`
}

// Validate checks the request.
func (r *VoucherRequest) Validate() error {
	if _, ok := VoucherTypes[r.Type]; !ok {
		return fmt.Errorf("unknown voucher type %q", r.Type)
	}
	return nil
}

// VoucherResponse is returned to the member.
type VoucherResponse struct {
	ID         string `json:"id"`
	Code       string `json:"code"`
	Type       string `json:"type"`
	Miles      int64  `json:"miles"`
	ValidUntil string `json:"validUntil"`
}

// Issue debits the voucher price and issues the voucher.
func (s *VoucherService) Issue(ctx context.Context, memberID string, req VoucherRequest) (int, []byte, error) {
	key, hasKey := idem.KeyFrom(ctx)
	if hasKey {
		prev, err := s.keys.Lookup(ctx, voucherScope, key)
		if err != nil {
			return 0, nil, err
		}
		if prev != nil && prev.Completed {
			return prev.StatusCode, prev.Body, nil
		}
	}

	vt := VoucherTypes[req.Type]
	code, err := voucherCode()
	if err != nil {
		return 0, nil, err
	}
	v := domain.Voucher{
		ID:         uuid.NewString(),
		MemberID:   memberID,
		Code:       code,
		Type:       req.Type,
		Miles:      vt.Miles,
		ValidUntil: time.Now().UTC().Add(vt.Validity),
	}
	err = s.tx.Do(ctx, func(ctx context.Context) error {
		if _, err := s.ledger.Post(ctx, domain.Posting{
			MemberID:  memberID,
			Kind:      domain.KindRedemption,
			Miles:     -v.Miles,
			Source:    "voucher",
			SourceRef: v.ID,
			Memo:      v.Type,
		}); err != nil {
			return err
		}
		return s.rewards.InsertVoucher(ctx, v)
	})
	if err != nil {
		return 0, nil, err
	}

	body, err := json.Marshal(VoucherResponse{
		ID: v.ID, Code: v.Code, Type: v.Type, Miles: v.Miles,
		ValidUntil: v.ValidUntil.Format(time.DateOnly),
	})
	if err != nil {
		return 0, nil, err
	}
	if hasKey {
		if err := s.keys.Save(ctx, voucherScope, key, memberID, http.StatusCreated, body); err != nil {
			return 0, nil, err
		}
	}
	return http.StatusCreated, body, nil
}

const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func voucherCode() (string, error) {
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString("NWV-")
	for i, c := range b {
		if i == 5 {
			sb.WriteByte('-')
		}
		sb.WriteByte(codeAlphabet[int(c)%len(codeAlphabet)])
	}
	return sb.String(), nil
}
