"""Small models of how the vendors' SDKs decide, written for this project from reading their code
(never copied from it). Each model takes a vector's input and context and says what the SDK does
with it, in the contract's terms: ("accept", output) or ("reject", code, field).

Releases read:
  - Adapty iOS SDK (AdaptySDK-iOS 3.17.2, the onboarding message decoding: BodyDecoder,
    AdaptyOnboardingsMetaParams, the three actions, OnboardingsDidFinishLoadingAction,
    AdaptyOnboardingsAnalyticsEvent).
  - Respondo sdk-ios 0.1.0-0.3.0 (RespondoPushPayload.from, PushManager) and sdk-android 0.2.0
    (RespondoPushPayload.from with kotlinx-serialization-json 1.7.3 in lenient mode,
    PushManager.handlePush and reportOpened, setPushToken(String)).

An input a typed SDK entry point cannot receive at all (a token that is not a string, a
non-string value in an FCM data map, a push that is not a map) gets no result from the SDK: the
model gives the contract's own result there, so it never counts as a divergence (see
docs/decisions.md, "The vendor's SDK").
"""

import decimal
from decimal import Decimal

# Vector numbers keep their literal's value, however large (JSON has no limit).
decimal.getcontext().Emax = decimal.MAX_EMAX
decimal.getcontext().Emin = decimal.MIN_EMIN
decimal.getcontext().prec = 100000

INT64 = (Decimal(-(2**63)), Decimal(2**63 - 1))


def json_number(literal):
    """A JSON number literal's value; an exponent beyond what Decimal holds is kept as +-infinity
    of the right sign for a non-zero value (never an Int64, never integral-looking by accident)."""
    try:
        return Decimal(literal)
    except decimal.InvalidOperation:
        mantissa, _, exponent = literal.lower().partition("e")
        if Decimal(mantissa) == 0:
            return Decimal(0)
        if exponent.lstrip("+").startswith("-"):
            return Decimal(0)  # vanishingly small: never an integer the SDK keeps, handled below
        return Decimal("-Infinity") if mantissa.startswith("-") else Decimal("Infinity")


class Reject(Exception):
    def __init__(self, code, field=None):
        super().__init__(code, field)
        self.code = code
        self.field = field


def is_number(value):
    return isinstance(value, Decimal) and not isinstance(value, bool)


# MARK: Adapty iOS SDK

ADAPTY_ACTION_CHANNELS = {"custom_action", "close_action", "paywall_action"}
ADAPTY_GUIDE_EVENTS = {
    "onboarding_started", "screen_presented", "screen_completed", "second_screen_presented",
    "user_email_collected", "onboarding_completed",
}
ADAPTY_SDK_ONLY_EVENTS = {"registration_screen_presented", "products_screen_presented"}


class Overflow:
    """An integer NSNumber.intValue does not keep: its value is whatever the bridge makes of it."""

    def __eq__(self, other):
        return False


def adapty_value(body, key):
    # BodyDecoder.Value: an absent key and NSNull are both nil.
    value = body.get(key)
    return None if value is None else value


def adapty_string(body, key, optional=False):
    value = adapty_value(body, key)
    if value is None:
        if optional:
            return None
        raise Reject("missing_key", key)
    if not isinstance(value, str):
        raise Reject("invalid_type", key)
    return value


def adapty_int(body, key):
    # NSNumber.intValue: JSON numbers and booleans are NSNumbers; truncated toward zero.
    value = adapty_value(body, key)
    if value is None:
        raise Reject("missing_key", key)
    if isinstance(value, bool):
        return Decimal(int(value))
    if not is_number(value):
        raise Reject("invalid_type", key)
    if value < INT64[0] or value > INT64[1]:
        return Overflow()
    return Decimal(int(value))


def adapty_meta(body):
    # AdaptyOnboardingsMetaParams: each field presence then type, in declaration order.
    meta = adapty_value(body, "meta")
    if meta is None:
        raise Reject("missing_key", "meta")
    if not isinstance(meta, dict):
        raise Reject("invalid_type", "meta")
    return {
        "onboarding_id": adapty_string(meta, "onboarding_id"),
        "screen_cid": adapty_string(meta, "screen_cid"),
        "screen_index": adapty_int(meta, "screen_index"),
        "total_screens": adapty_int(meta, "total_screens"),
    }


def adapty_ios(event, context):
    if not isinstance(event, dict):
        return ("reject", "not_an_object", None)
    channel = (context or {}).get("channel")
    try:
        output = {"channel": channel}
        if channel in ADAPTY_ACTION_CHANNELS:
            output["action_id"] = adapty_string(event, "action_id")
            output["meta"] = adapty_meta(event)
        elif channel == "finished_loading":
            output["meta"] = adapty_meta(event)
        elif channel == "analytics":
            # meta first, then name, then params (an object when present, for every name).
            output["meta"] = adapty_meta(event)
            name = adapty_string(event, "name")
            params = adapty_value(event, "params")
            if params is not None and not isinstance(params, dict):
                raise Reject("invalid_type", "params")
            if name in ADAPTY_GUIDE_EVENTS:
                output["event"] = name
            elif name in ADAPTY_SDK_ONLY_EVENTS:
                output["event"] = name  # a case of its own, not `unknown`
            else:
                output["event"] = "unknown"
                output["name"] = name
            if name == "screen_completed" and params is not None:
                for key in ("element_id", "reply"):
                    value = adapty_string(params, key, optional=True)
                    if value is not None:
                        output[key] = value
        else:
            # No usable channel (the context-free vectors): the SDK has no message type to decode
            # and, whatever it does, no duplicate_field rule.
            return ("reject", "unknown message", None)
        return ("accept", output)
    except Reject as rejection:
        return ("reject", rejection.code, rejection.field)


# MARK: JSON text readers

class TextError(Exception):
    pass


class KotlinxLenientReader:
    """Json { isLenient = true } of kotlinx-serialization-json 1.7.3, parseToJsonElement: unquoted
    keys and values are read as literals, a duplicate key keeps the last value, escapes are
    decoded without checking surrogates or raw control characters; comments, trailing commas and
    trailing text are refused. A leading byte order mark is an ordinary character (the contract's
    revision-3 note: refused)."""

    WHITE = " \t\n\r"
    STOPS = set('{}[],:"\\') | set(WHITE)
    ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}

    def __init__(self, text):
        self.text = text
        self.pos = 0

    def read(self):
        value = self.value()
        self.skip()
        if self.pos != len(self.text):
            raise TextError("trailing text")
        return value

    def skip(self):
        while self.pos < len(self.text) and self.text[self.pos] in self.WHITE:
            self.pos += 1

    def peek(self):
        self.skip()
        if self.pos >= len(self.text):
            raise TextError("end of input")
        return self.text[self.pos]

    def value(self):
        char = self.peek()
        if char == "{":
            return self.object()
        if char == "[":
            return self.array()
        if char == '"':
            return ("string", self.string())
        if char in self.STOPS:
            raise TextError("unexpected " + char)
        literal = self.literal()
        return None if literal == "null" else ("literal", literal)

    def literal(self):
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in self.STOPS:
            self.pos += 1
        if self.pos == start:
            raise TextError("expected a literal")
        return self.text[start:self.pos]

    def key(self):
        char = self.peek()
        if char == '"':
            return self.string()
        if char in self.STOPS:
            raise TextError("expected a key")
        return self.literal()

    def object(self):
        self.pos += 1
        members = {}
        if self.peek() == "}":
            self.pos += 1
            return members
        while True:
            key = self.key()
            if self.peek() != ":":
                raise TextError("expected :")
            self.pos += 1
            members[key] = self.value()
            char = self.peek()
            self.pos += 1
            if char == "}":
                return members
            if char != ",":
                raise TextError("expected , or }")
            if self.peek() == "}":
                raise TextError("trailing comma")

    def array(self):
        self.pos += 1
        items = []
        if self.peek() == "]":
            self.pos += 1
            return items
        while True:
            items.append(self.value())
            char = self.peek()
            self.pos += 1
            if char == "]":
                return items
            if char != ",":
                raise TextError("expected , or ]")
            if self.peek() == "]":
                raise TextError("trailing comma")

    def string(self):
        self.pos += 1
        out = []
        text = self.text
        while True:
            if self.pos >= len(text):
                raise TextError("unterminated string")
            char = text[self.pos]
            self.pos += 1
            if char == '"':
                return "".join(out)
            if char != "\\":
                out.append(char)
                continue
            if self.pos >= len(text):
                raise TextError("unterminated escape")
            escape = text[self.pos]
            self.pos += 1
            if escape in self.ESCAPES:
                out.append(self.ESCAPES[escape])
            elif escape == "u":
                digits = text[self.pos:self.pos + 4]
                if len(digits) < 4 or any(d not in "0123456789abcdefABCDEF" for d in digits):
                    raise TextError("bad \\u escape")
                out.append(chr(int(digits, 16)))
                self.pos += 4
            else:
                raise TextError("invalid escape")


def kotlin_primitive(element):
    """JsonObject[key] as? JsonPrimitive, then contentOrNull."""
    if element is None or isinstance(element, (dict, list)):
        return None
    return element[1]


def foundation_json_object(text):
    """JSONSerialization.jsonObject(with:) as? [String: Any]: strict JSON, except that a duplicate
    key keeps its last value and a leading UTF-8 byte order mark is skipped (both read by
    Foundation on Darwin and on Linux); an escaped lone surrogate is refused."""
    import json

    if text.startswith("\ufeff"):
        text = text[1:]

    def refuse_constant(name):
        raise ValueError(name)

    try:
        value = json.loads(text, parse_float=Decimal, parse_int=Decimal, parse_constant=refuse_constant)
    except ValueError:
        return None

    def lone_surrogate(item):
        if isinstance(item, str):
            return any(0xD800 <= ord(c) <= 0xDFFF for c in item)
        if isinstance(item, dict):
            return any(lone_surrogate(k) or lone_surrogate(v) for k, v in item.items())
        if isinstance(item, list):
            return any(lone_surrogate(v) for v in item)
        return False

    if not isinstance(value, dict) or lone_surrogate(value):
        return None
    return value


# MARK: Respondo push payloads

PAYLOAD_CHECKS = {"non_string_value", "missing_key", "invalid_value", "unknown_key", "deep_link_mismatch"}


def respondo_payload(data, platform):
    """What the platform's SDK makes of a push: ("accept", output) in the contract's shape, or
    ("reject", stage, None) with stage not_an_object, not_respondo, invalid_encoding (the SDK
    cannot read the respondo value as an object) or `type` (it reads the object and does not
    take the push as its own)."""
    if not isinstance(data, dict):
        return ("reject", "not_an_object", None)
    if "respondo" not in data:
        return ("reject", "not_respondo", None)
    value = data["respondo"]
    if platform in ("ios", "flutter-ios"):
        return respondo_ios(value)
    return respondo_android(value)


def respondo_ios(value):
    # extractRespondo: a dictionary, or a string JSONSerialization reads as one.
    if isinstance(value, dict):
        container = value
    elif isinstance(value, str):
        container = foundation_json_object(value)
        if container is None:
            return ("reject", "invalid_encoding", None)
    else:
        return ("reject", "invalid_encoding", None)
    kind = container.get("type")
    if kind not in ("message", "campaign") or not isinstance(kind, str):
        return ("reject", "type", None)

    def string(key):
        item = container.get(key)
        return item if isinstance(item, str) else None

    if kind == "message":
        output = {"type": "message"}
        for key in ("conversation_id", "message_id", "deep_link"):
            if string(key) is not None:
                output[key] = string(key)
        return ("accept", output)
    # Every key is kept in raw (flattened, non-strings described).
    extra = {k: v for k, v in container.items() if k not in ("type", "delivery_id", "deep_link")}
    output = {"type": "campaign", "extra": extra}
    if string("delivery_id") is not None:
        output["delivery_id"] = string("delivery_id")
    if string("deep_link") is not None:
        output["deep_link"] = string("deep_link")
    return ("accept", output)


def respondo_android(value):
    # FCM data is Map<String, String>: another kind of value cannot reach the SDK (the contract's
    # invalid_encoding stands there).
    if not isinstance(value, str):
        return ("reject", "invalid_encoding", None)
    try:
        root = KotlinxLenientReader(value).read()
    except (TextError, RecursionError):
        return ("reject", "invalid_encoding", None)
    if not isinstance(root, dict):
        return ("reject", "invalid_encoding", None)  # .jsonObject throws
    kind = kotlin_primitive(root.get("type"))
    conversation = kotlin_primitive(root.get("conversation_id"))
    if kind is None and conversation is None:
        return ("reject", "type", None)  # isRecognized is false: handlePush returns false
    # The payload object keeps only the keys it knows.
    output = {"type": kind}
    if kind == "campaign":
        output["extra"] = {}
        for key in ("delivery_id", "deep_link"):
            if kotlin_primitive(root.get(key)) is not None:
                output[key] = kotlin_primitive(root.get(key))
    else:
        for key in ("conversation_id", "message_id", "deep_link"):
            if kotlin_primitive(root.get(key)) is not None:
                output[key] = kotlin_primitive(root.get(key))
    return ("accept", output)


def same_payload_rejection(stage, code, field, respondo_object=None):
    """Whether the SDK's rejection stage is the contract's error `code` (`field`)."""
    if stage == code:
        return True
    if stage != "type" or code not in ("missing_key", "invalid_value", "non_string_value"):
        return False
    if field is not None:
        return field == "type"
    # No field given (a session result): the type itself must be what is wrong.
    kind = (respondo_object or {}).get("type")
    return kind not in ("message", "campaign")


def respondo_object(data, platform):
    """The respondo object of a push as the contract reads it (for naming what a rejection is about)."""
    import json

    if not isinstance(data, dict):
        return None
    value = data.get("respondo")
    if isinstance(value, dict):
        return value
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict) else None
    return None


# MARK: Respondo tokens

def respondo_token(value, contract_result):
    """setPushToken(String) registers any string; a token that is not a string (or none) cannot
    be passed to it, so the contract's result stands there."""
    if not isinstance(value, dict) or not isinstance(value.get("token"), str):
        return contract_result
    platform = value.get("platform")
    if platform not in ("ios", "android", "flutter-ios", "flutter-android"):
        return contract_result
    transport = "apns" if platform.endswith("ios") else "fcm"
    return ("accept", {"transport": transport, "token": value["token"]})


# MARK: Respondo sessions

def respondo_session(steps, platform, expected_results):
    """The SDK's session, step by step, in the contract's output shape. A payload rejection's
    result is the contract's code when the SDK rejects at the same stage, else the stage."""
    ios = platform in ("ios", "flutter-ios")
    open_conversation = None
    seen = set()
    token = None
    beacons = []
    results = []
    for index, step in enumerate(steps):
        name = step.get("step")
        expected = expected_results[index] if index < len(expected_results) else None
        if name in ("receive", "tap"):
            payload = step.get("payload")
            verdict = respondo_payload(payload, platform)
            if verdict[0] == "reject":
                stage = verdict[1]
                obj = respondo_object(payload, platform)
                same = expected is not None and same_payload_rejection(stage, expected, None, obj)
                results.append(expected if same else "sdk:" + stage)
                continue
            out = verdict[1]
            if name == "receive":
                # The SDK is not involved when a push arrives: the system shows it.
                results.append("shown")
                continue
            message_id = out.get("message_id")
            if out["type"] == "message" or (not ios and out.get("conversation_id")):
                if message_id is not None and message_id in seen:
                    results.append("sdk:not-opened")  # seen at an earlier tap: nothing opens
                    if not ios and token is not None and out.get("delivery_id"):
                        beacons.append(out["delivery_id"])
                    continue
                if message_id is not None:
                    seen.add(message_id)
                open_conversation = out.get("conversation_id")
                results.append("opened")
                continue
            # A campaign: its link (or the app) opens; the open beacon is reported.
            if ios or token is not None:
                if out.get("delivery_id") is not None:
                    beacons.append(out["delivery_id"])
            results.append("opened_link" if out.get("deep_link") else "opened_app")
        elif name == "set_token":
            value = step.get("token")
            if isinstance(value, str):
                token = {"transport": "apns" if ios else "fcm", "token": value}
                results.append("ok")
            else:
                results.append(expected)  # setPushToken(String) cannot take it
        elif name == "clear_token":
            token = None
            results.append("ok")
        elif name == "open_conversation":
            open_conversation = step.get("conversation_id")
            results.append("ok")
        elif name == "close_conversation":
            open_conversation = None
            results.append("ok")
        elif name == "app_state":
            if step.get("state") == "terminated":
                open_conversation = None
            results.append("ok")
        else:
            results.append(expected)
    return {"results": results, "open_conversation": open_conversation, "token": token, "beacons": beacons}
