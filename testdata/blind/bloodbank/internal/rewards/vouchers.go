package rewards

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/jobs"
	"github.com/hemolink-systems/bloodbank/internal/providers/vouchers"
)

// VoucherPartner issues vouchers.
type VoucherPartner interface {
	Issue(ctx context.Context, req vouchers.IssueRequest, idempotencyKey string) (vouchers.IssueResponse, error)
}

// DonorLookup loads donor contact details.
type DonorLookup interface {
	GetDonor(ctx context.Context, id uuid.UUID) (domain.Donor, error)
}

// VoucherValues maps milestone to voucher value in cents.
var VoucherValues = map[int]int{50: 1000, 100: 2500, 250: 5000, 500: 10000}

// VoucherIssuer runs the rewards:issue_voucher task.
type VoucherIssuer struct {
	repo    Repository
	donors  DonorLookup
	partner VoucherPartner
	// Campaign tags vouchers in the partner's reporting.
	Campaign string
}

func NewVoucherIssuer(repo Repository, donors DonorLookup, partner VoucherPartner) *VoucherIssuer {
	return &VoucherIssuer{repo: repo, donors: donors, partner: partner, Campaign: "donor-milestones"}
}

func (vi *VoucherIssuer) Issue(ctx context.Context, p jobs.IssueVoucherPayload) error {
	v, err := vi.repo.GetVoucher(ctx, p.VoucherID)
	if err != nil {
		return err
	}
	if v.Status != "pending" {
		return nil
	}
	donor, err := vi.donors.GetDonor(ctx, v.DonorID)
	if err != nil {
		return err
	}
	if donor.Email == "" {
		return fmt.Errorf("donor %s has no e-mail for voucher delivery", donor.ID)
	}

	requestID := xid.New().String()
	resp, err := vi.partner.Issue(ctx, vouchers.IssueRequest{
		ExternalRef: v.ID.String(),
		Recipient:   donor.Email,
		Name:        donor.FullName,
		ValueCents:  VoucherValues[v.Milestone],
		Currency:    "EUR",
		Campaign:    vi.Campaign,
	}, requestID)
	if err != nil {
		return fmt.Errorf("issue voucher %s (request %s): %w", v.ID, requestID, err)
	}
	return vi.repo.MarkIssued(ctx, v.ID, resp.VoucherCode)
}
