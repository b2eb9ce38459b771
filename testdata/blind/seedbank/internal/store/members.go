package store

import (
	"context"
	"time"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/repository"
)

// ExtendPaidThrough moves paid_through forward by one year from the later of
// its current value and now, and activates the member.
func (s *MemberStore) ExtendPaidThrough(ctx context.Context, memberID string) error {
	return s.Conn(ctx).Exec(`
		UPDATE members
		   SET paid_through = greatest(coalesce(paid_through, now()), now()) + interval '1 year',
		       status = ?, updated_at = now()
		 WHERE id = ?`, domain.MemberActive, memberID).Error
}

// AddBorrowed increments the member's season borrowing counter, which the
// reservation limits are checked against.
func (s *MemberStore) AddBorrowed(ctx context.Context, memberID string, packets int) error {
	return s.Conn(ctx).Exec(`
		UPDATE members SET packets_borrowed = packets_borrowed + ?, updated_at = now()
		 WHERE id = ?`, packets, memberID).Error
}

// DueForRenewal lists active members whose dues lapse before cutoff.
func (s *MemberStore) DueForRenewal(ctx context.Context, cutoff time.Time, limit int) ([]domain.Member, error) {
	return s.List(ctx, repository.Query{
		Where: "status = ? AND paid_through < ? AND payment_customer <> ''",
		Args:  []any{domain.MemberActive, cutoff},
		Order: "paid_through",
		Limit: limit,
	})
}
