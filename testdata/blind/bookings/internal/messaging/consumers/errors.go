package consumers

import (
	"fmt"

	"github.com/segmentio/kafka-go"
)

func errMissingKey(msg kafka.Message) error {
	return fmt.Errorf("%s message at %d/%d has no key", msg.Topic, msg.Partition, msg.Offset)
}
