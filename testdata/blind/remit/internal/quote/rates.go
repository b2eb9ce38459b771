package quote

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"
)

// Rate is the customer rate and fee schedule for a corridor.
type Rate struct {
	Rate        float64
	FeeFixed    int64
	FeeBps      int64
	ReceiveCcy  string
	ExposureCap int64
}

// RateSource returns current corridor pricing. Treasury publishes pricing
// into the Redis hash "fx:corridor:<corridor>" every few seconds.
type RateSource interface {
	Current(ctx context.Context, corridor string) (Rate, error)
}

var ErrNoRate = errors.New("quote: no rate for corridor")

type redisRates struct{ rdb *redis.Client }

func NewRedisRates(rdb *redis.Client) RateSource { return &redisRates{rdb: rdb} }

func (r *redisRates) Current(ctx context.Context, corridor string) (Rate, error) {
	h, err := r.rdb.HGetAll(ctx, "fx:corridor:"+corridor).Result()
	if err != nil {
		return Rate{}, fmt.Errorf("quote: read rate: %w", err)
	}
	if len(h) == 0 {
		return Rate{}, ErrNoRate
	}
	rate, err := strconv.ParseFloat(h["rate"], 64)
	if err != nil || rate <= 0 {
		return Rate{}, fmt.Errorf("quote: bad rate %q for %s", h["rate"], corridor)
	}
	fixed, _ := strconv.ParseInt(h["fee_fixed"], 10, 64)
	bps, _ := strconv.ParseInt(h["fee_bps"], 10, 64)
	cap, _ := strconv.ParseInt(h["exposure_cap"], 10, 64)
	return Rate{Rate: rate, FeeFixed: fixed, FeeBps: bps, ReceiveCcy: h["receive_ccy"], ExposureCap: cap}, nil
}
