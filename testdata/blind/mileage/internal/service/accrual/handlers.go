package accrual

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/uuid"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/ports"
)

// PartnerTypeAttribute is the message attribute the accrual queue routes on.
const PartnerTypeAttribute = "partnerType"

// Handlers credits partner and flight activity.
type Handlers struct {
	tx        ports.TxRunner
	members   ports.Members
	accruals  ports.Accruals
	ledger    ports.Ledger
	notify    ports.Enqueuer
	processed lambdamw.ProcessedStore
	log       *slog.Logger
}

// NewHandlers returns Handlers.
func NewHandlers(tx ports.TxRunner, members ports.Members, accruals ports.Accruals, ledger ports.Ledger,
	notify *messaging.NotifyQueue, processed lambdamw.ProcessedStore, log *slog.Logger) *Handlers {
	return &Handlers{
		tx: tx, members: members, accruals: accruals, ledger: ledger,
		notify: notify, processed: processed, log: log,
	}
}

// Routes registers a handler per partner type.
func (h *Handlers) Routes(r *lambdamw.Router) {
	r.Handle(PartnerHotel, typed(h.HotelStay), lambdamw.SkipProcessed(h.processed, "accrual-hotel"))
	r.Handle(PartnerCar, typed(h.CarRental))
	r.Handle(PartnerCard, typed(h.CardSpend))
	r.Handle(PartnerFlight, typed(h.FlownCoupon))
}

type validated interface {
	validate() error
}

// typed decodes the record body into M before calling fn. Malformed records
// are acked and logged rather than retried.
func typed[M validated](fn func(context.Context, M) error) lambdamw.RecordHandler[events.SQSMessage] {
	return func(ctx context.Context, rec events.SQSMessage) error {
		var m M
		if err := json.Unmarshal([]byte(rec.Body), &m); err != nil {
			return lambdamw.Permanent{Err: err}
		}
		if err := m.validate(); err != nil {
			return lambdamw.Permanent{Err: err}
		}
		return fn(ctx, m)
	}
}

func (h *Handlers) member(ctx context.Context, number string) (domain.Member, error) {
	m, err := h.members.GetByNumber(ctx, number)
	if errors.Is(err, domain.ErrNotFound) {
		return m, lambdamw.Permanent{Err: fmt.Errorf("unknown member %s", number)}
	}
	return m, err
}

// HotelStay credits a hotel stay.
func (h *Handlers) HotelStay(ctx context.Context, s HotelStay) error {
	m, err := h.member(ctx, s.MemberNumber)
	if err != nil {
		return err
	}
	checkOut, err := time.Parse(time.DateOnly, s.CheckOut)
	if err != nil {
		return lambdamw.Permanent{Err: err}
	}
	base := hotelMiles(s.Nights, s.RoomRevenueCents)
	err = h.tx.Do(ctx, func(ctx context.Context) error {
		if err := h.accruals.UpsertPartnerAccrual(ctx, domain.PartnerAccrual{
			PartnerCode:  s.ChainCode,
			PartnerTxnID: s.FolioNumber,
			MemberID:     m.ID,
			Category:     "hotel",
			BaseMiles:    base,
			BonusMiles:   s.PromoBonusMiles,
			ActivityDate: checkOut,
		}); err != nil {
			return err
		}
		_, err := h.ledger.Post(ctx, domain.Posting{
			MemberID:  m.ID,
			Kind:      domain.KindAccrual,
			Miles:     base + s.PromoBonusMiles,
			Source:    "hotel:" + s.ChainCode,
			Memo:      fmt.Sprintf("%s folio %s, %d nights", s.PropertyCode, s.FolioNumber, s.Nights),
			ExpiresAt: domain.AccrualExpiry(checkOut),
		})
		return err
	})
	if err != nil {
		return err
	}
	h.alert(ctx, m.ID, "hotel:"+s.ChainCode+":"+s.FolioNumber, base+s.PromoBonusMiles, s.ChainCode)
	return nil
}

// CarRental credits a car rental.
func (h *Handlers) CarRental(ctx context.Context, c CarRental) error {
	m, err := h.member(ctx, c.MemberNumber)
	if err != nil {
		return err
	}
	pickup, err := time.Parse(time.DateOnly, c.PickupDate)
	if err != nil {
		return lambdamw.Permanent{Err: err}
	}
	rental := domain.RentalAccrual{
		ID:              uuid.NewString(),
		MemberID:        m.ID,
		RentalCompany:   c.Company,
		AgreementNumber: c.AgreementNumber,
		RentalDays:      c.RentalDays,
		Miles:           carMiles(c.RentalDays, c.CarClass),
		PickupDate:      pickup,
	}
	err = h.tx.Do(ctx, func(ctx context.Context) error {
		if err := h.accruals.InsertRental(ctx, rental); err != nil {
			return err
		}
		_, err := h.ledger.Post(ctx, domain.Posting{
			MemberID:  m.ID,
			Kind:      domain.KindAccrual,
			Miles:     rental.Miles,
			Source:    "car:" + c.Company,
			SourceRef: rental.ID,
			Memo:      "agreement " + c.AgreementNumber,
			ExpiresAt: domain.AccrualExpiry(pickup),
		})
		return err
	})
	if err != nil {
		return err
	}
	h.alert(ctx, m.ID, "car:"+rental.ID, rental.Miles, c.Company)
	return nil
}

// CardSpend credits a co-brand card transaction.
func (h *Handlers) CardSpend(ctx context.Context, c CardSpend) error {
	m, err := h.member(ctx, c.MemberNumber)
	if err != nil {
		return err
	}
	posted, err := time.Parse(time.DateOnly, c.PostingDate)
	if err != nil {
		return lambdamw.Permanent{Err: err}
	}
	return h.tx.Do(ctx, func(ctx context.Context) error {
		if err := h.accruals.InsertPartnerAccrual(ctx, domain.PartnerAccrual{
			PartnerCode:  c.IssuerCode,
			PartnerTxnID: c.TransactionID,
			MemberID:     m.ID,
			Category:     "card:" + c.MCC,
			BaseMiles:    c.Miles,
			ActivityDate: posted,
		}); err != nil {
			return err
		}
		_, err := h.ledger.Post(ctx, domain.Posting{
			MemberID:  m.ID,
			Kind:      domain.KindAccrual,
			Miles:     c.Miles,
			Source:    "card:" + c.IssuerCode,
			Memo:      "card txn " + c.TransactionID,
			ExpiresAt: domain.AccrualExpiry(posted),
		})
		return err
	})
}

// FlownCoupon credits a flown coupon.
func (h *Handlers) FlownCoupon(ctx context.Context, f FlownCoupon) error {
	m, err := h.member(ctx, f.MemberNumber)
	if err != nil {
		return err
	}
	flown, err := time.Parse(time.DateOnly, f.FlightDate)
	if err != nil {
		return lambdamw.Permanent{Err: err}
	}
	miles, tierMiles := flightMiles(f.Distance, f.FareClass, m.Tier)
	if miles == 0 {
		return nil
	}
	ref := f.TicketNumber + "/" + strconv.Itoa(f.CouponNumber)
	credited := false
	err = h.tx.Do(ctx, func(ctx context.Context) error {
		fresh, err := h.accruals.InsertFlightCredit(ctx, domain.FlightCredit{
			MemberID:         m.ID,
			TicketNumber:     f.TicketNumber,
			CouponNumber:     f.CouponNumber,
			MarketingCarrier: f.MarketingCarrier,
			FlightNumber:     f.FlightNumber,
			FlightDate:       flown,
			FareClass:        f.FareClass,
			Miles:            miles,
			TierMiles:        tierMiles,
		})
		if err != nil || !fresh {
			return err
		}
		credited, err = h.ledger.Post(ctx, domain.Posting{
			MemberID:  m.ID,
			Kind:      domain.KindAccrual,
			Miles:     miles,
			TierMiles: tierMiles,
			Source:    "flight",
			SourceRef: ref,
			Memo:      f.MarketingCarrier + f.FlightNumber + " " + f.FlightDate,
			ExpiresAt: domain.AccrualExpiry(flown),
		})
		return err
	})
	if err != nil {
		return err
	}
	if credited {
		h.alert(ctx, m.ID, "flight:"+ref, miles, f.MarketingCarrier+f.FlightNumber)
	}
	return nil
}

func (h *Handlers) alert(ctx context.Context, memberID, key string, miles int64, partner string) {
	_, err := messaging.SendTyped(ctx, h.notify, messaging.NotifyMessage{
		Kind:     "activity",
		MemberID: memberID,
		Template: "miles_posted",
		Key:      "accrual:" + key,
		Params:   map[string]string{"miles": strconv.FormatInt(miles, 10), "partner": partner},
	}, messaging.Dedup("accrual:"+key))
	if err != nil {
		h.log.WarnContext(ctx, "queue alert", "member_id", memberID, "error", err)
	}
}
