package main

import (
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"github.com/labstack/echo/v4"

	"github.com/brindlewood-labs/shelternet/internal/adoption"
	"github.com/brindlewood-labs/shelternet/internal/animals"
	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/donations"
	"github.com/brindlewood-labs/shelternet/internal/events"
	"github.com/brindlewood-labs/shelternet/internal/foster"
	"github.com/brindlewood-labs/shelternet/internal/intake"
	"github.com/brindlewood-labs/shelternet/internal/notify"
	"github.com/brindlewood-labs/shelternet/internal/providers/payments"
	"github.com/brindlewood-labs/shelternet/internal/store"
	"github.com/brindlewood-labs/shelternet/internal/supply"
)

// app is everything shelterd runs.
type app struct {
	Cfg    config.Config
	HTTP   *echo.Echo
	Router *message.Router
	Relay  *events.Relay
	Bus    *gochannel.GoChannel
}

func provideAdoption(
	cfg config.Config,
	uow *store.UnitOfWork,
	apps *store.ApplicationRepo,
	animalRepo *store.AnimalRepo,
	attempts *store.PaymentRepo,
	charger *payments.Client,
) *adoption.Service {
	return adoption.NewService(adoption.Deps{
		Applications: apps,
		Animals:      animalRepo,
		Attempts:     attempts,
		UoW:          uow,
		Charger:      charger,
	}, cfg)
}

func provideDonations(uow *store.UnitOfWork, repo *store.DonationRepo, n *notify.Notifier, log *slog.Logger) *donations.Service {
	return donations.NewService(uow, repo, n, log)
}

func provideFoster(uow *store.UnitOfWork, inbox *store.InboxRepo, carers *store.FosterRepo) *foster.Service {
	return foster.NewService(uow, inbox, carers)
}

// provideConsumers is the subscription table: one row per (consumer, topic).
func provideConsumers(
	in *intake.Service,
	an *animals.Service,
	don *donations.Service,
	sup *supply.Service,
	fos *foster.Service,
) []events.Consumer {
	return []events.Consumer{
		{Name: "intake.arrival-exam", Topic: events.TopicAnimalIntaken, Handle: events.Handler(in.OnAnimalIntaken)},
		{Name: "animals.chip-transfer", Topic: events.TopicAdoptionFinalized, Handle: events.Handler(an.OnAdoptionFinalized)},
		{Name: "donations.donor-totals", Topic: events.TopicDonationRecorded, Handle: events.Handler(don.OnDonationRecordedTotals)},
		{Name: "donations.receipt", Topic: events.TopicDonationRecorded, Handle: events.Handler(don.OnDonationRecordedReceipt)},
		{Name: "supply.stock", Topic: events.TopicSupplyDelivered, Handle: events.Handler(sup.OnSupplyDelivered)},
		{Name: "foster.placement-allowance", Topic: events.TopicPlacementEnded, Handle: events.Handler(fos.OnPlacementEnded)},
	}
}
