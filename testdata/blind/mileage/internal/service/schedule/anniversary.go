package schedule

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/ports"
)

// anniversaryBonus is credited each membership year by tier.
var anniversaryBonus = map[domain.Tier]int64{
	domain.TierBlue:     500,
	domain.TierSilver:   2000,
	domain.TierGold:     5000,
	domain.TierPlatinum: 10000,
}

// AnniversaryJob credits the yearly membership bonus on the enrolment date.
type AnniversaryJob struct {
	members ports.Members
	ledger  ports.Ledger
	log     *slog.Logger
}

// NewAnniversaryJob returns an AnniversaryJob.
func NewAnniversaryJob(members ports.Members, ledger ports.Ledger, log *slog.Logger) *AnniversaryJob {
	return &AnniversaryJob{members: members, ledger: ledger, log: log}
}

// Run credits members whose anniversary is today.
func (j *AnniversaryJob) Run(ctx context.Context, now time.Time) error {
	ms, err := j.members.EnrolledOn(ctx, now.Month(), now.Day())
	if err != nil {
		return err
	}
	credited := 0
	for _, m := range ms {
		ok, err := j.ledger.Post(ctx, domain.Posting{
			MemberID:  m.ID,
			Kind:      domain.KindBonus,
			Miles:     anniversaryBonus[m.Tier],
			Source:    "anniversary",
			SourceRef: strconv.Itoa(now.Year()),
			Memo:      "membership anniversary",
			ExpiresAt: domain.AccrualExpiry(now),
		})
		if err != nil {
			return err
		}
		if ok {
			credited++
		}
	}
	j.log.InfoContext(ctx, "anniversary bonus", "members", len(ms), "credited", credited)
	return nil
}
