package stream

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/service"
)

// impressionMessage is the ad server's billable impression record.
type impressionMessage struct {
	ImpressionID string    `json:"impression_id"`
	CampaignID   string    `json:"campaign_id"`
	AdvertiserID string    `json:"advertiser_id"`
	PublisherID  string    `json:"publisher_id"`
	CostMicros   int64     `json:"cost_micros"`
	Timestamp    time.Time `json:"ts"`
}

func DecodeImpression(m kafka.Message) (domain.SpendEvent, error) {
	var im impressionMessage
	if err := json.Unmarshal(m.Value, &im); err != nil {
		return domain.SpendEvent{}, err
	}
	if im.ImpressionID == "" || im.CampaignID == "" {
		return domain.SpendEvent{}, fmt.Errorf("impression missing ids")
	}
	return domain.SpendEvent{
		EventID:      "imp:" + im.ImpressionID,
		Kind:         domain.SpendImpression,
		CampaignID:   im.CampaignID,
		AdvertiserID: im.AdvertiserID,
		PublisherID:  im.PublisherID,
		Cost:         domain.Micros(im.CostMicros),
		OccurredAt:   im.Timestamp,
	}, nil
}

type clickMessage struct {
	ClickID      string    `json:"click_id"`
	ImpressionID string    `json:"impression_id"`
	CampaignID   string    `json:"campaign_id"`
	AdvertiserID string    `json:"advertiser_id"`
	PublisherID  string    `json:"publisher_id"`
	Timestamp    time.Time `json:"ts"`
}

func DecodeClick(m kafka.Message) (service.Click, error) {
	var cm clickMessage
	if err := json.Unmarshal(m.Value, &cm); err != nil {
		return service.Click{}, err
	}
	if cm.ClickID == "" || cm.CampaignID == "" {
		return service.Click{}, fmt.Errorf("click missing ids")
	}
	return service.Click{
		ClickID:      "clk:" + cm.ClickID,
		CampaignID:   cm.CampaignID,
		AdvertiserID: cm.AdvertiserID,
		PublisherID:  cm.PublisherID,
		OccurredAt:   cm.Timestamp,
	}, nil
}

type verdictMessage struct {
	VerdictID    string    `json:"verdict_id"`
	CampaignID   string    `json:"campaign_id"`
	AdvertiserID string    `json:"advertiser_id"`
	PublisherID  string    `json:"publisher_id"`
	EventIDs     []string  `json:"event_ids"`
	AmountMicros int64     `json:"amount_micros"`
	Reason       string    `json:"reason"`
	DetectedAt   time.Time `json:"detected_at"`
}

func DecodeVerdict(m kafka.Message) (service.InvalidTrafficVerdict, error) {
	var vm verdictMessage
	if err := json.Unmarshal(m.Value, &vm); err != nil {
		return service.InvalidTrafficVerdict{}, err
	}
	return service.InvalidTrafficVerdict{
		VerdictID:    vm.VerdictID,
		CampaignID:   vm.CampaignID,
		AdvertiserID: vm.AdvertiserID,
		PublisherID:  vm.PublisherID,
		EventIDs:     vm.EventIDs,
		Amount:       domain.Micros(vm.AmountMicros),
		Reason:       vm.Reason,
		DetectedAt:   vm.DetectedAt,
	}, nil
}

// SpendRecorder is the part of the spend service the stream consumers use.
type SpendRecorder interface {
	RecordImpression(ctx context.Context, ev domain.SpendEvent) error
	RecordClick(ctx context.Context, c service.Click) error
	RecordInvalidTraffic(ctx context.Context, v service.InvalidTrafficVerdict) error
}
