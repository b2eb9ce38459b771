package leagues

import (
	"log/slog"

	"github.com/google/wire"

	"github.com/frostline-arena/rinkops/internal/command"
	"github.com/frostline-arena/rinkops/internal/platform"
)

var ProviderSet = wire.NewSet(
	NewStore,
	wire.Bind(new(Repository), new(*Store)),
	NewCommands,
)

// Commands is the set of decorated league handlers.
type Commands struct {
	RequestIceTime command.Handler[RequestIceTime]
	Approve        command.Handler[ApproveIceRequest]
	Cancel         command.Handler[CancelBooking]
	Refund         command.Handler[RefundBooking]
	RecordPayment  command.Handler[RecordBookingPayment]
	RegisterTeam   command.Handler[RegisterTeam]
	Reschedule     command.Handler[RescheduleGame]
	GrantCredit    command.Handler[GrantCredit]
}

func NewCommands(
	repo Repository,
	tx platform.TxRunner,
	outbox TaskOutbox,
	refunds Refunder,
	events EventPublisher,
	log *slog.Logger,
) *Commands {
	log = log.With("module", "leagues")
	return &Commands{
		RequestIceTime: command.Apply[RequestIceTime](&requestIceTimeHandler{repo: repo},
			command.Standard[RequestIceTime](log)...),
		Approve: command.Apply[ApproveIceRequest](&approveIceRequestHandler{repo: repo, tx: tx, events: events, log: log},
			command.Standard[ApproveIceRequest](log)...),
		Cancel: command.Apply[CancelBooking](&cancelBookingHandler{repo: repo, outbox: outbox},
			command.Logged[CancelBooking](log), command.Transactional[CancelBooking](tx)),
		Refund: command.Apply[RefundBooking](&refundBookingHandler{repo: repo, refunds: refunds, log: log},
			command.Logged[RefundBooking](log)),
		RecordPayment: command.Apply[RecordBookingPayment](&recordPaymentHandler{repo: repo, log: log},
			command.Logged[RecordBookingPayment](log)),
		RegisterTeam: command.Apply[RegisterTeam](&registerTeamHandler{repo: repo, log: log},
			command.Standard[RegisterTeam](log)...),
		Reschedule: command.Apply[RescheduleGame](&rescheduleGameHandler{repo: repo, tx: tx, log: log},
			command.Logged[RescheduleGame](log)),
		GrantCredit: command.Apply[GrantCredit](&grantCreditHandler{repo: repo},
			command.Logged[GrantCredit](log), command.Transactional[GrantCredit](tx)),
	}
}
