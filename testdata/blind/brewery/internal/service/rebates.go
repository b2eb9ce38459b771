package service

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/platform/ids"
	"github.com/ironkettle/taproute/internal/provider/ach"
	"github.com/ironkettle/taproute/internal/store"
)

// rebateRateBps is the loyalty rebate, in basis points of wholesale value,
// by tier. Volume is measured in barrels; value uses a blended list price.
var rebateRateBps = map[string]int{
	"standard": 100,
	"silver":   200,
	"gold":     300,
}

// blendedCentsPerBBL approximates wholesale value per barrel for rebates.
const blendedCentsPerBBL = 32000

// pointsPerDollar is the loyalty points earned per dollar paid.
const pointsPerDollar = 1

// RebateService accrues monthly loyalty rebates, credits them quarterly and
// awards loyalty points on paid invoices.
type RebateService struct {
	db       store.Querier
	tx       store.TxRunner
	accounts AccountStore
	orders   OrderStore
	products ProductStore
	rebates  RebateStore
	ach      ACHGateway
	now      Clock
	newUUID  func() uuid.UUID
	newXID   func() string
}

// NewRebateService constructs a RebateService.
func NewRebateService(db store.Querier, tx store.TxRunner, accounts AccountStore, orders OrderStore,
	products ProductStore, rebates RebateStore, gw ACHGateway, now Clock) *RebateService {
	return &RebateService{
		db: db, tx: tx, accounts: accounts, orders: orders, products: products, rebates: rebates,
		ach: gw, now: now, newUUID: uuid.New, newXID: ids.NewXID,
	}
}

// Accrue records the rebate earned by an account in a month (YYYY-MM).
func (s *RebateService) Accrue(ctx context.Context, accountID, month string) (domain.RebateAccrual, error) {
	start, err := time.Parse("2006-01", month)
	if err != nil {
		return domain.RebateAccrual{}, fmt.Errorf("month %q: %w", month, domain.ErrInvalid)
	}
	acct, err := s.accounts.Get(ctx, s.db, accountID)
	if err != nil {
		return domain.RebateAccrual{}, mapNotFound(err, "account")
	}
	lines, err := s.orders.ListDeliveredLines(ctx, s.db, start, start.AddDate(0, 1, 0), acct.ID)
	if err != nil {
		return domain.RebateAccrual{}, err
	}
	bbl, err := s.products.BarrelsBySKU(ctx, s.db)
	if err != nil {
		return domain.RebateAccrual{}, err
	}
	var volume float64
	for _, l := range lines {
		volume += float64(l.Qty) * bbl[l.SKU]
	}
	rate := rebateRateBps[acct.LoyaltyTier]
	a := domain.RebateAccrual{
		ID:            s.newXID(),
		AccountID:     acct.ID,
		Period:        start,
		VolumeBarrels: math.Round(volume*10000) / 10000,
		RateBps:       rate,
		AmountCents:   int64(math.Round(volume * blendedCentsPerBBL * float64(rate) / 10000)),
	}
	if err := s.rebates.InsertAccrual(ctx, s.db, a); err != nil {
		return domain.RebateAccrual{}, err
	}
	return a, nil
}

// quarterBounds parses "2026Q3" into [start, end).
func quarterBounds(q string) (time.Time, time.Time, error) {
	y, n, ok := strings.Cut(strings.ToUpper(q), "Q")
	year, err1 := strconv.Atoi(y)
	qn, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || qn < 1 || qn > 4 {
		return time.Time{}, time.Time{}, fmt.Errorf("quarter %q: %w", q, domain.ErrInvalid)
	}
	start := time.Date(year, time.Month(3*(qn-1)+1), 1, 0, 0, 0, 0, time.UTC)
	return start, start.AddDate(0, 3, 0), nil
}

// CreditQuarter pays out an account's accrued rebates for a quarter by ACH
// credit. The credit row is keyed by (account, quarter) and its id is the
// provider idempotency key.
func (s *RebateService) CreditQuarter(ctx context.Context, accountID, quarter string) (domain.RebateCredit, error) {
	from, to, err := quarterBounds(quarter)
	if err != nil {
		return domain.RebateCredit{}, err
	}
	acct, err := s.accounts.Get(ctx, s.db, accountID)
	if err != nil {
		return domain.RebateCredit{}, mapNotFound(err, "account")
	}
	var c domain.RebateCredit
	err = s.tx.InTx(ctx, func(tx pgx.Tx) error {
		total, err := s.rebates.SumAccruals(ctx, tx, acct.ID, from, to)
		if err != nil {
			return err
		}
		status := "pending"
		if total <= 0 || acct.ACHCustomerID == "" {
			status = "skipped"
		}
		c, err = s.rebates.EnsureCredit(ctx, tx, domain.RebateCredit{
			ID: s.newUUID(), AccountID: acct.ID, Quarter: quarter, AmountCents: total, Status: status,
		})
		return err
	})
	if err != nil || c.Status != "pending" {
		return c, err
	}
	tr, err := s.ach.CreateCredit(ctx, ach.CreditRequest{
		CustomerID:     acct.ACHCustomerID,
		AmountCents:    c.AmountCents,
		Description:    "LOYALTY REBATE " + quarter,
		Reference:      c.ID.String(),
		IdempotencyKey: "rebate-credit:" + c.ID.String(),
	})
	if err != nil {
		return domain.RebateCredit{}, fmt.Errorf("credit rebate %s %s: %w", acct.ID, quarter, err)
	}
	if err := s.rebates.MarkCredited(ctx, s.db, c, tr.ID, s.now()); err != nil {
		return domain.RebateCredit{}, err
	}
	c.Status, c.ProviderCreditID = "credited", tr.ID
	return c, nil
}

// AwardPoints adds loyalty points for a paid invoice. q is the transaction
// the caller uses to record that the message was handled.
func (s *RebateService) AwardPoints(ctx context.Context, q store.Querier, evt InvoicePaid) error {
	points := evt.TotalCents / 100 * pointsPerDollar
	if points <= 0 {
		return nil
	}
	return s.rebates.AddPoints(ctx, q, evt.AccountID, points)
}
