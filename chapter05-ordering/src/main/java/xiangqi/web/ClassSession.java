package xiangqi.web;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import xiangqi.picture.SearchTree;

/**
 * A class answers together (issue 39, point 2): the teacher's page starts a session, the
 * students join it with a nickname, their pages follow the teacher's (the chapter this board
 * serves, the position, the depth, the view, the step of watch mode), and at a quiz step each
 * student answers on their own device. The teacher's page sees how many answered and, once it
 * reveals, the spread of the answers; the class's scores come as CSV. The same file in every
 * chapter.
 *
 * <p>Only the teacher drives: what moves the class needs the teacher's {@link #key}, which the
 * board gives only to a page opened on its own machine (a loopback address) and prints in the
 * terminal. A student holds a seat, a secret the board gave at joining: it answers for that
 * student and no other, and shows no one else's nickname. The question, its choices and its
 * right answer come from the teacher's page, which reads them from the search's record as the
 * quiz does alone; the board only counts.
 *
 * <p>Everything lives in this object, in memory, and is gone when {@code serve} stops; all of
 * it is bounded: {@link #MAX_STUDENTS} seats, {@link #MAX_QUESTIONS} questions of at most
 * {@link #MAX_CHOICES} choices, one answer per seat and question. One session at a time: a new
 * one ends the last. Guarded by {@code this}; a poll waits on it, at most
 * {@link WebBoard#POLL_MILLIS}.
 */
final class ClassSession {
    /** The most students in a session: a class of forty, and room for a few more. */
    static final int MAX_STUDENTS = 60;
    /** The longest nickname, in characters. */
    static final int MAX_NICKNAME = 24;
    /** The most questions a session asks; then the teacher starts another. */
    static final int MAX_QUESTIONS = 500;
    /** The most choices a question offers: a node's moves, for "which moves will never be tried?". */
    static final int MAX_CHOICES = 128;
    /** The longest choice's name: {@code exact|-M12}, {@code killer 1}, {@code h2e2}. */
    static final int MAX_CHOICE_CHARS = 24;
    /** The quiz's kinds of question, in the order the CSV gives their columns. */
    static final List<String> KINDS = List.of("value", "cut", "pruned", "table", "ruling", "stage");

    private static final SecureRandom RANDOM = new SecureRandom();

    /** The teacher's key, made when the board starts: 128 random bits. */
    private final String key = secret();
    /** The session's number, 0 while none runs. */
    private int session;
    private int sessions;
    /** Counts each change the class sees (follow, ask, reveal, start, end): a student's poll waits for the next. */
    private long version;
    /** Counts each change the teacher sees: those, and each join and answer. */
    private long changes;
    /** What the students' pages follow: the teacher's last. */
    private Follow follow = new Follow("", "", 0, "negamax", 0, false);
    /** The seats by their secret, in the order the students joined. */
    private final Map<String, Student> seats = new LinkedHashMap<>();
    private final List<Question> questions = new ArrayList<>();

    /** Where the teacher's page is: the game, and watch mode's depth, view and step (when watching). */
    record Follow(String fen, String moves, int depth, String view, int step, boolean watching) {
    }

    private static final class Student {
        final String nickname;
        final Map<String, int[]> kinds = new TreeMap<>(); // kind -> {asked, right}
        int asked;
        int right;

        Student(String nickname) {
            this.nickname = nickname;
        }
    }

    private static final class Question {
        final int id;
        final int step;
        final int index;
        final String kind;
        final boolean multiple;
        final List<String> choices;
        final String right;
        /** The students seated when it was asked: each is asked it, answer or not. */
        final Set<String> askedOf;
        /** Each seat's answer: its choices, sorted, joined by commas. */
        final Map<String, String> answers = new LinkedHashMap<>();
        boolean revealed;

        Question(int id, int step, int index, String kind, boolean multiple, List<String> choices, String right,
                Set<String> askedOf) {
            this.id = id;
            this.step = step;
            this.index = index;
            this.kind = kind;
            this.multiple = multiple;
            this.choices = choices;
            this.right = right;
            this.askedOf = askedOf;
        }
    }

    private static String secret() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The key, for {@code serve} to print and for a page opened on this machine. */
    String key() {
        return key;
    }

    /**
     * The key to a page that asks from {@code loopback} (its request came from this machine);
     * refused to any other: a student's device is never the lectern.
     */
    String keyFor(boolean loopback) {
        if (!loopback) {
            throw new WebBoard.Refused(403, "the teacher's key is given only to a page opened on the board's own machine"
                    + " (127.0.0.1), or in the teacher's link serve printed");
        }
        return new WebBoard.Json().put("key", key).toString();
    }

    /** Refuses a request without the teacher's key: only the teacher drives the class. */
    private void teacher(Map<String, String> query) {
        String given = query.get("key");
        if (given == null || given.isEmpty()) {
            throw new WebBoard.Refused(403, "only the teacher's page drives the class: this request has no teacher's key");
        }
        if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), key.getBytes(StandardCharsets.UTF_8))) {
            throw new WebBoard.Refused(403, "only the teacher's page drives the class: the teacher's key is wrong");
        }
    }

    private void changed(boolean forTheClass) {
        if (forTheClass) {
            version++;
        }
        changes++;
        notifyAll();
    }

    private void running() {
        if (session == 0) {
            throw new WebBoard.Refused(409, "no class session runs on this board: the teacher's page starts one");
        }
    }

    /** A new session, with no students and no questions: the last one, if any, ends. */
    synchronized String start(Map<String, String> query) {
        teacher(query);
        seats.clear();
        questions.clear();
        follow = new Follow("", "", 0, "negamax", 0, false);
        session = ++sessions;
        changed(true);
        return new WebBoard.Json().put("session", session).toString();
    }

    /** Ends the session: its students, answers and scores are forgotten. */
    synchronized String end(Map<String, String> query) {
        teacher(query);
        running();
        int ended = session;
        session = 0;
        seats.clear();
        questions.clear();
        changed(true);
        return new WebBoard.Json().put("ended", ended).toString();
    }

    /** Where the teacher's page is now; each student's page goes there. */
    synchronized String follow(Map<String, String> query, Follow where) {
        teacher(query);
        running();
        if (!where.equals(follow)) {
            follow = where;
            changed(true);
        }
        return new WebBoard.Json().put("version", version).toString();
    }

    /**
     * The question the teacher's page asks before step {@code step} (its {@code index}-th
     * there): its kind, its choices and the right answer, as the page read them from the record.
     * Asking the question already open again changes nothing.
     */
    synchronized String ask(Map<String, String> query, int step, int index) {
        teacher(query);
        running();
        String kind = query.getOrDefault("kind", "");
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("kind '" + kind + "' is not a question's kind: give one of "
                    + String.join(" ", KINDS));
        }
        String multiple = query.getOrDefault("multiple", "0");
        if (!multiple.equals("0") && !multiple.equals("1")) {
            throw new IllegalArgumentException("multiple '" + multiple + "' must be 0 or 1");
        }
        List<String> choices = choices("choices", query.getOrDefault("choices", ""));
        if (choices.isEmpty() || choices.size() > MAX_CHOICES || new LinkedHashSet<>(choices).size() != choices.size()) {
            throw new IllegalArgumentException("choices: give 1 to " + MAX_CHOICES + " different choices, separated by commas");
        }
        List<String> right = choices("right", query.getOrDefault("right", ""));
        if (!choices.containsAll(right) || multiple.equals("0") && right.size() != 1) {
            throw new IllegalArgumentException("right: give " + (multiple.equals("0") ? "the one right choice" : "the right choices")
                    + ", each one of the question's choices");
        }
        Question open = current();
        if (open != null && !open.revealed && open.step == step && open.index == index && open.kind.equals(kind)) {
            return new WebBoard.Json().put("question", open.id).toString();
        }
        if (questions.size() >= MAX_QUESTIONS) {
            throw new WebBoard.Refused(409, "this session has asked " + MAX_QUESTIONS + " questions, its most:"
                    + " download the scores and start a new session");
        }
        Question asked = new Question(questions.size() + 1, step, index, kind, multiple.equals("1"), choices,
                String.join(",", right.stream().sorted().toList()), new LinkedHashSet<>(seats.keySet()));
        questions.add(asked);
        changed(true);
        return new WebBoard.Json().put("question", asked.id).toString();
    }

    /** Choices as a page sends them: names separated by commas, each 1 to {@link #MAX_CHOICE_CHARS} characters. */
    private static List<String> choices(String name, String text) {
        List<String> found = new ArrayList<>();
        if (text.isEmpty()) {
            return found;
        }
        for (String choice : text.split(",", -1)) {
            if (choice.isEmpty() || choice.length() > MAX_CHOICE_CHARS) {
                throw new IllegalArgumentException(name + ": a choice is 1 to " + MAX_CHOICE_CHARS + " characters, not '"
                        + choice + "'");
            }
            found.add(choice);
        }
        return found;
    }

    private Question current() {
        return questions.isEmpty() ? null : questions.get(questions.size() - 1);
    }

    private Question question(Map<String, String> query) {
        int id = WebBoard.number(query, "question", 1, MAX_QUESTIONS, 0);
        Question open = current();
        if (open == null || id != open.id) {
            throw new WebBoard.Refused(409, "question " + id + " is not the one asked now"
                    + (open == null ? ": none is" : ", " + open.id + " is"));
        }
        return open;
    }

    /** The answers to the open question are counted: each seat's score grows, and the spread is shown. */
    synchronized String reveal(Map<String, String> query) {
        teacher(query);
        running();
        Question open = question(query);
        if (!open.revealed) {
            open.revealed = true;
            Set<String> asked = new LinkedHashSet<>(open.askedOf);
            asked.addAll(open.answers.keySet());
            for (String seat : asked) {
                Student student = seats.get(seat);
                if (student == null) {
                    continue;
                }
                boolean right = open.right.equals(open.answers.get(seat));
                student.asked++;
                student.right += right ? 1 : 0;
                int[] kind = student.kinds.computeIfAbsent(open.kind, k -> new int[2]);
                kind[0]++;
                kind[1] += right ? 1 : 0;
            }
            changed(true);
        }
        return new WebBoard.Json().raw("question", questionJson(open, true)).toString();
    }

    /**
     * A student joins the running session as {@code nickname} (any text, 1 to
     * {@link #MAX_NICKNAME} characters): the answer names their seat, the secret that answers
     * for them.
     */
    synchronized String join(Map<String, String> query) {
        running();
        String nickname = query.getOrDefault("nickname", "").strip();
        int length = nickname.codePointCount(0, nickname.length());
        if (length == 0) {
            throw new IllegalArgumentException("nickname: give one, 1 to " + MAX_NICKNAME + " characters");
        }
        if (length > MAX_NICKNAME) {
            throw new IllegalArgumentException("nickname is " + length + " characters long, at most " + MAX_NICKNAME);
        }
        if (seats.size() >= MAX_STUDENTS) {
            throw new WebBoard.Refused(409, "the class session is full: " + MAX_STUDENTS + " students at most");
        }
        String seat = secret();
        seats.put(seat, new Student(nickname));
        changed(false);
        return new WebBoard.Json().put("session", session).put("seat", seat).put("nickname", nickname).toString();
    }

    private Student seat(Map<String, String> query) {
        Student student = seats.get(query.getOrDefault("seat", ""));
        if (student == null) {
            throw new WebBoard.Refused(403, "no such seat in this class session: join it again with your nickname");
        }
        return student;
    }

    /** A student's answer to the open question: one per seat, counted when the teacher reveals. */
    synchronized String answer(Map<String, String> query) {
        running();
        seat(query);
        String seat = query.get("seat");
        Question open = question(query);
        if (open.revealed) {
            throw new WebBoard.Refused(409, "question " + open.id + " is answered already: the teacher has shown the answers");
        }
        if (open.answers.containsKey(seat)) {
            throw new WebBoard.Refused(409, "you have answered question " + open.id + " already: one answer counts");
        }
        List<String> given = choices("answer", query.getOrDefault("answer", ""));
        if (!open.choices.containsAll(given) || new LinkedHashSet<>(given).size() != given.size()
                || !open.multiple && given.size() != 1) {
            throw new IllegalArgumentException("answer: give " + (open.multiple ? "some" : "one") + " of question "
                    + open.id + "'s choices");
        }
        open.answers.put(seat, String.join(",", given.stream().sorted().toList()));
        changed(false);
        return new WebBoard.Json().put("question", open.id).put("answered", open.answers.size()).toString();
    }

    /**
     * The class as a page sees it, once it has changed since {@code since} (its version; the
     * teacher's, its count of changes), or after {@link WebBoard#POLL_MILLIS} with no change. A
     * student's seat adds their own nickname, answer and score; the teacher's key adds every
     * nickname, score and, once revealed, the spread. Without either, what anyone may see: whether
     * a session runs, and where the class is.
     */
    synchronized String poll(Map<String, String> query) {
        boolean teacher = query.containsKey("key");
        if (teacher) {
            teacher(query);
        }
        Student student = query.containsKey("seat") && session != 0 ? seat(query) : null;
        long since = WebBoard.number(query, "since", 0, Integer.MAX_VALUE, -1);
        long deadline = System.nanoTime() + WebBoard.POLL_MILLIS * 1_000_000;
        while ((teacher ? changes : version) == since) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                break;
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (student != null && !seats.containsValue(student)) {
            student = null; // the session ended while the poll waited
        }
        WebBoard.Json answer = new WebBoard.Json()
                .put("session", session)
                .put("version", teacher ? changes : version)
                .put("students", seats.size());
        if (session == 0) {
            return answer.toString();
        }
        answer.put("fen", follow.fen()).put("moves", follow.moves()).put("depth", follow.depth())
                .put("view", follow.view()).put("step", follow.step()).put("watching", follow.watching());
        Question open = current();
        answer.raw("question", open == null ? "null" : questionJson(open, teacher));
        if (student != null) {
            String seat = query.get("seat");
            answer.raw("you", new WebBoard.Json()
                    .put("nickname", student.nickname)
                    .put("answer", open == null ? null : open.answers.get(seat))
                    .put("asked", student.asked)
                    .put("right", student.right).toString());
        }
        if (teacher) {
            StringBuilder list = new StringBuilder("[");
            for (Student each : seats.values()) {
                list.append(list.length() > 1 ? "," : "").append(new WebBoard.Json()
                        .put("nickname", each.nickname).put("asked", each.asked).put("right", each.right));
            }
            answer.raw("class", list.append(']').toString());
        }
        return answer.toString();
    }

    /** A question as a page sees it: the teacher's, once revealed, with the spread of the answers. */
    private String questionJson(Question question, boolean teacher) {
        WebBoard.Json json = new WebBoard.Json()
                .put("id", question.id)
                .put("step", question.step)
                .put("index", question.index)
                .put("kind", question.kind)
                .put("revealed", question.revealed)
                .put("answered", question.answers.size());
        if (teacher && question.revealed) {
            json.put("right", question.right);
            int rightCount = 0;
            Map<String, Integer> spread = new LinkedHashMap<>();
            if (!question.multiple) {
                question.choices.forEach(choice -> spread.put(choice, 0));
            }
            for (String given : question.answers.values()) {
                spread.merge(given, 1, Integer::sum);
                rightCount += given.equals(question.right) ? 1 : 0;
            }
            if (question.multiple) {
                spread.putIfAbsent(question.right, 0); // the right one has its bar, if no one gave it
            }
            StringBuilder bars = new StringBuilder("[");
            spread.forEach((given, count) -> bars.append(bars.length() > 1 ? "," : "").append(new WebBoard.Json()
                    .put("answer", given).put("count", count).put("right", given.equals(question.right))));
            json.put("rightCount", rightCount).raw("spread", bars.append(']').toString());
        }
        return json.toString();
    }

    /**
     * The class's scores, one row per student in the order they joined: nickname, asked, right,
     * then asked and right per kind of question. A nickname is any text: quoted where CSV needs
     * it, and one that a spreadsheet would take for a formula (=, +, -, @ first) begins with an
     * apostrophe, so that it stays text.
     */
    synchronized String csv(Map<String, String> query) {
        teacher(query);
        running();
        StringBuilder csv = new StringBuilder("nickname,asked,right");
        for (String kind : KINDS) {
            csv.append(',').append(kind).append(" asked,").append(kind).append(" right");
        }
        csv.append("\r\n");
        for (Student student : seats.values()) {
            csv.append(csvField(student.nickname)).append(',').append(student.asked).append(',').append(student.right);
            for (String kind : KINDS) {
                int[] counts = student.kinds.getOrDefault(kind, new int[2]);
                csv.append(',').append(counts[0]).append(',').append(counts[1]);
            }
            csv.append("\r\n");
        }
        return csv.toString();
    }

    /** One CSV field: a formula's first character defused, then quoted if it holds a comma, a quote or a line break. */
    static String csvField(String text) {
        String safe = !text.isEmpty() && "=+-@".indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
        return safe.matches("(?s).*[\",\r\n].*") ? "\"" + safe.replace("\"", "\"\"") + "\"" : safe;
    }

    /** The deepest step a follow may name: a replay's steps, twice its nodes at most. */
    static final int MAX_STEP = 2 * SearchTree.MAX_NODES;
}
